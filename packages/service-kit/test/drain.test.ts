// An instance replaced in a release: it says it is not ready first, then closes without failing the calls it holds.
import { connect } from '@nats-io/transport-node';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUri, readConfig } from '../src/config';
import { drainAndClose, drainGraceMs } from '../src/drain';
import { createService, type ServiceApp } from '../src/service';
import { createTestKeys, uniqueDbName } from '../src/testing/index';
import { ticket } from './support/ticket-event';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
}

let app: ServiceApp;
let base: string;
const entered = deferred();
const release = deferred();
beforeAll(async () => {
  const keys = await createTestKeys();
  app = await createService({
    name: 'study', description: 'drain test',
    app: async (a) => {
      // A call that is in flight while the instance closes: it still reads the database before answering.
      a.get('/slow', async () => {
        entered.resolve();
        await release.promise;
        const collections = await a.db.db!.listCollections().toArray();
        return { ok: true, collections: collections.length >= 0 };
      });
    },
  }, { dbName: uniqueDbName('drain'), verifier: keys.verifier, logger: false });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { if (app?.server.listening) await app.close(); });

describe('draining an instance', () => {
  it('answers /readyz 503 during the grace, then finishes a call in flight while it closes', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const slow = fetch(`${base}/slow`);
    await entered.promise;

    const grace = deferred();
    const closing = drainAndClose(app, 5000, () => grace.promise);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });

    grace.resolve();
    while (app.server.listening) await new Promise((r) => setImmediate(r)); // the server has stopped accepting
    await expect(fetch(`${base}/readyz`)).rejects.toThrow();
    release.resolve();

    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, collections: true });
    await closing;
  });

  it('reads its grace from LP_DRAIN_GRACE_MS, none when unset, and refuses a value that is not a whole number', () => {
    expect(drainGraceMs({})).toBe(0);
    expect(drainGraceMs({ LP_DRAIN_GRACE_MS: '1500' })).toBe(1500);
    expect(() => drainGraceMs({ LP_DRAIN_GRACE_MS: '1.5s' })).toThrow(/LP_DRAIN_GRACE_MS/);
  });
});

describe('closing with an outbox relay pass running', () => {
  it('lets the pass finish: the event it was relaying is sent, nothing is left in the outbox, its lease is given back', async () => {
    const keys = await createTestKeys();
    const dbName = uniqueDbName('drain-relay');
    const finishing = deferred();
    const finish = deferred();
    // No timer pass during the test, and every recorded event due at once.
    const service = await createService({ name: 'feedback', description: 'drain relay test', app: async () => {} },
      { dbName, verifier: keys.verifier, logger: false, relay: { intervalMs: 3_600_000, graceMs: 0 } });
    // A pass held half-way (in the event's finisher) while the service closes.
    service.bus.beforeRelay('feedback.ticket.created', async () => { finishing.resolve(); await finish.promise; });
    await service.bus.record('feedback.ticket.created', ticket(28_002));
    const pass = service.bus.relayOutbox();
    await finishing.promise;

    const closing = service.close();
    await Promise.race([closing, new Promise((r) => setTimeout(r, 300))]); // the close gets as far as it goes alone
    finish.resolve();
    await closing;
    await pass;

    const db = await mongoose.createConnection(databaseUri(readConfig().mongodbUri, dbName)).asPromise();
    try {
      expect(await db.collection('outbox').countDocuments()).toBe(0);
      expect(await db.collection('outbox_sent').countDocuments()).toBe(1);
      expect(await db.collection('leases').countDocuments({ key: 'outbox-relay' })).toBe(0);
    } finally {
      await db.close();
    }
  });
});

describe('closing with a request over NATS being answered', () => {
  it('sends the answer before the connection closes: the caller gets it', async () => {
    const keys = await createTestKeys();
    const handling = deferred();
    const answer = deferred();
    const service = await createService({
      name: 'feedback', description: 'drain rpc test',
      app: async (a) => {
        a.bus.reply('kit.drain.held', async () => { handling.resolve(); await answer.promise; return { answered: true }; });
      },
    }, { dbName: uniqueDbName('drain-rpc'), verifier: keys.verifier, logger: false });
    const caller = await connect({ servers: readConfig().natsUrl });
    try {
      const reply = caller.request(service.bus.wireSubject('kit.drain.held'), JSON.stringify({}), { timeout: 10_000 });
      await handling.promise;

      const closing = service.close();
      await Promise.race([closing, new Promise((r) => setTimeout(r, 300))]); // the close gets as far as it goes alone
      answer.resolve();
      expect((await reply).json()).toEqual({ ok: true, data: { answered: true } });
      await closing;
    } finally {
      await caller.close();
    }
  });
});
