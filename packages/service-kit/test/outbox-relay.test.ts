import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, setFailPoint, type ServiceApp, type ServiceDefinition } from '../src/index';
import type { ConsumerDefinition, EventEnvelope } from '../src/events/bus';
import { createTestKeys, eventually, uniqueDbName, type TestKeys } from '../src/testing/index';
import { startOwnNats, type OwnNats } from '../../../deploy/local/own-nats.mjs';
import { ticket } from './support/ticket-event';

// The outbox relay while NATS is away and when the relay itself cannot run: what readiness says, what is logged,
// and that an event published meanwhile arrives exactly once.
const EVENT = 'feedback.ticket.created';
let keys: TestKeys;
let nats: OwnNats;
const apps: ServiceApp[] = [];

beforeAll(async () => {
  keys = await createTestKeys();
  nats = await startOwnNats();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await nats.remove();
});

function logLines() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l)); done(); } });
  return { lines, logger: { level: 'info', stream } };
}

/** A service whose connection sanitizes filters, as svc-content's does, on the test's own NATS. */
async function start(consumers: ConsumerDefinition<never>[], logger: object | false = false) {
  const def: ServiceDefinition = {
    name: 'feedback', description: 'kit test',
    app: async (app) => { app.db.set('sanitizeFilter', true); },
    consumers: () => consumers,
  };
  const app = await createService(def, { dbName: uniqueDbName('kit'), verifier: keys.verifier, logger, config: { natsUrl: nats.url }, relay: { intervalMs: 200, graceMs: 300 } });
  apps.push(app);
  return app;
}

const readiness = async (app: ServiceApp) => {
  const res = await app.inject('/readyz');
  return { ...res.json(), code: res.statusCode } as { code: number; nats: boolean; outbox: boolean };
};

describe('outbox relay', () => {
  it('sends an event published while NATS was down once NATS is back, exactly once, and says not ready meanwhile', async () => {
    const seen: EventEnvelope[] = [];
    const app = await start([{ name: `nats-down-${randomUUID().slice(0, 8)}`, event: EVENT, retryDelayMs: 200, ackWaitMs: 5000, handle: async (e) => { seen.push(e); } }]);
    expect(await readiness(app)).toMatchObject({ code: 200, nats: true, outbox: true });

    await nats.stop();
    await eventually(async () => (await readiness(app)).code === 503);
    expect(await readiness(app)).toMatchObject({ nats: false });
    const sent = await app.bus.publish(EVENT, ticket(1)); // NATS cannot take it: it stays in the outbox

    await nats.start();
    await eventually(async () => seen.some((e) => e.id === sent.id), { timeoutMs: 20_000 });
    await eventually(async () => (await readiness(app)).code === 200);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // several more relay passes: nothing is sent twice
    expect(seen.filter((e) => e.id === sent.id)).toHaveLength(1);
    expect(await app.db.collection('outbox').countDocuments({ _id: sent.id as never })).toBe(0);
  });

  it('reports a relay that cannot run in /readyz, logs it once, and logs again when it runs again', async () => {
    const { lines, logger } = logLines();
    const app = await start([], logger);
    try {
      setFailPoint('outbox-relay', true);
      await eventually(async () => (await readiness(app)).code === 503);
      expect(await readiness(app)).toMatchObject({ nats: true, outbox: false });
      await new Promise((resolve) => setTimeout(resolve, 1000)); // about five more failing passes
      expect(lines.filter((l) => /outbox relay cannot run/.test(l.msg))).toHaveLength(1);
    } finally {
      setFailPoint('outbox-relay', false);
    }
    await eventually(async () => (await readiness(app)).code === 200);
    expect(lines.filter((l) => /outbox relay runs again/.test(l.msg))).toHaveLength(1);
  });
});
