import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { ClassName, ObjectId, type TicketCreated } from '@lp/contracts';
import { Type } from '@sinclair/typebox';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcFailure, cachedRpc, createService, onEvent, type ServiceApp, type ServiceDefinition } from '../src/index';
import type { ConsumerDefinition, EventEnvelope } from '../src/events/bus';
import { createTestKeys, eventually, uniqueDbName, uniqueInstanceTag, type TestKeys } from '../src/testing/index';
import { ticket } from './support/ticket-event';

// Real FerretDB and NATS: events flow through the EVENTS stream exactly as in production.
const EVENT = 'feedback.ticket.created' as const;
let keys: TestKeys;
const apps: ServiceApp[] = [];

beforeAll(async () => { keys = await createTestKeys(); });
afterAll(async () => { await Promise.all(apps.map((a) => a.close())); });

async function start(consumers: ConsumerDefinition<never>[] = [], dbName = uniqueDbName('kit'), instanceTag?: string) {
  const def: ServiceDefinition = { name: 'feedback', description: 'kit test', app: async () => {}, consumers: () => consumers };
  const app = await createService(def, { dbName, verifier: keys.verifier, logger: false, instanceTag, relay: { intervalMs: 200, graceMs: 300 } });
  apps.push(app);
  return app;
}

/** A consumer typed by the event's contract (`onEvent`): its handler sees `TicketCreated` without restating it. */
function recorder(name: string) {
  const seen: EventEnvelope<TicketCreated>[] = [];
  const def = onEvent(EVENT, name, async (e) => { seen.push(e); }, { retryDelayMs: 200, ackWaitMs: 5000 });
  return { seen, def };
}

describe('event bus on JetStream', () => {
  it('delivers an event published while its consumer was down once the consumer comes back', async () => {
    const name = `down-${randomUUID().slice(0, 8)}`;
    const dbName = uniqueDbName('kit');
    const first = recorder(name);
    const consumerApp = await start([first.def], dbName);
    await consumerApp.close();

    const publisher = await start();
    const sent = await publisher.bus.publish(EVENT, ticket(1));

    const again = recorder(name);
    await start([again.def], dbName);
    await eventually(async () => again.seen.some((e) => e.id === sent.id));
    expect(first.seen.some((e) => e.id === sent.id)).toBe(false);
  });

  it('drops a re-published event id as a duplicate', async () => {
    const r = recorder(`dup-${randomUUID().slice(0, 8)}`);
    const app = await start([r.def]);
    const id = randomUUID();
    await app.bus.publish(EVENT, ticket(1), { id });
    await app.bus.publish(EVENT, ticket(2), { id });
    const marker = await app.bus.publish(EVENT, ticket(3));
    await eventually(async () => r.seen.some((e) => e.id === marker.id));
    const copies = r.seen.filter((e) => e.id === id);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.data).toEqual(ticket(1));
  });

  it('redelivers an event whose handler threw, and handles it once it succeeds', async () => {
    let attempts = 0;
    const handled: string[] = [];
    const id = randomUUID();
    const app = await start([{
      name: `throw-${randomUUID().slice(0, 8)}`, event: EVENT, retryDelayMs: 200,
      handle: async (e) => {
        if (e.id !== id) return;
        attempts += 1;
        if (attempts === 1) throw new Error('database briefly unavailable');
        handled.push(e.id);
      },
    }]);
    await app.bus.publish(EVENT, ticket(1), { id });
    await eventually(async () => handled.length === 1);
    expect(attempts).toBe(2);
  });

  it('keeps an event recorded but never flushed (the process died) and has the relay finish and send it once', async () => {
    const r = recorder(`relay-${randomUUID().slice(0, 8)}`);
    const dbName = uniqueDbName('kit');
    const crashed = await start([], dbName);
    const recorded = await crashed.bus.record(EVENT, ticket(5)); // written with the state change, then the process "dies"
    expect((await crashed.bus.record(EVENT, ticket(6), { id: recorded.id })).data).toEqual(ticket(5)); // the first envelope stays
    await crashed.close();

    const finished: string[] = [];
    const restarted = await start([r.def], dbName);
    restarted.bus.beforeRelay(EVENT, async (e) => { finished.push(e.id); });
    await eventually(async () => r.seen.some((e) => e.id === recorded.id));
    await new Promise((resolve) => setTimeout(resolve, 800)); // several more relay passes: nothing is sent twice
    expect(r.seen.filter((e) => e.id === recorded.id)).toHaveLength(1);
    expect(r.seen.find((e) => e.id === recorded.id)!.data).toEqual(ticket(5));
    expect(finished).toEqual([recorded.id]);
  });

  it('relays on a connection that sanitizes query filters too (svc-content sets sanitizeFilter)', async () => {
    const r = recorder(`relay-sanitized-${randomUUID().slice(0, 8)}`);
    const dbName = uniqueDbName('kit');
    mongoose.set('sanitizeFilter', true);
    try {
      const crashed = await start([], dbName);
      const recorded = await crashed.bus.record(EVENT, ticket(7));
      await crashed.close();
      await start([r.def], dbName);
      await eventually(async () => r.seen.some((e) => e.id === recorded.id));
    } finally {
      mongoose.set('sanitizeFilter', false);
    }
  });

  it('answers a request over NATS request/reply and reports a responder failure', async () => {
    const app = await start();
    app.bus.reply<{ a: number }, { double: number }>('feedback.rpc.kitTestDouble', async ({ a }) => {
      if (a < 0) throw new Error('negative input');
      return { double: a * 2 };
    });
    await expect(app.bus.request('feedback.rpc.kitTestDouble', { a: 21 })).resolves.toEqual({ double: 42 });
    await expect(app.bus.request('feedback.rpc.kitTestDouble', { a: -1 })).rejects.toThrow(/negative input/);
  });

  it('keeps tagged instances to themselves: requests and events reach only instances with the same tag', async () => {
    const [tagA, tagB] = [uniqueInstanceTag(), uniqueInstanceTag()];
    const name = `tagged-${randomUUID().slice(0, 8)}`;
    const a = recorder(name);
    const b = recorder(name);
    const appA = await start([a.def], uniqueDbName('kit'), tagA);
    const appB = await start([b.def], uniqueDbName('kit'), tagB);
    appA.bus.reply('feedback.rpc.kitTestWho', async () => 'a');
    const peerOfA = await start([], uniqueDbName('kit'), tagA);
    await expect(peerOfA.bus.request('feedback.rpc.kitTestWho', {})).resolves.toBe('a');
    await expect(appB.bus.request('feedback.rpc.kitTestWho', {}, { timeoutMs: 300 })).rejects.toThrow();
    // The same consumer name under two tags is two durable consumers: each instance gets the event.
    const sent = await peerOfA.bus.publish(EVENT, ticket(7));
    await eventually(async () => a.seen.some((e) => e.id === sent.id) && b.seen.some((e) => e.id === sent.id));
  });
});

describe('the bus holds events and RPCs to their contracts', () => {
  it('never hands a consumer an event whose data breaks its contract, and goes on with the next one', async () => {
    const r = recorder(`contract-${randomUUID().slice(0, 8)}`);
    const app = await start([r.def], uniqueDbName('kit'), uniqueInstanceTag());
    const broken = await app.bus.publish(EVENT, { ...ticket(1), userId: 'not-an-id' });
    const next = await app.bus.publish(EVENT, ticket(2));
    await eventually(async () => r.seen.some((e) => e.id === next.id));
    expect(r.seen.map((e) => e.id)).not.toContain(broken.id);
  });

  it('refuses to start a consumer of an event type that has no contract', async () => {
    await expect(start([{ name: 'no-contract', event: 'feedback.ticket.invented', handle: async () => {} }])).rejects.toThrow(/no contract for event feedback.ticket.invented/);
  });

  const SUBJECT = 'content.rpc.sampleIssued';
  const question = 'b'.repeat(24);

  it('answers a request that breaks the contract with a typed 400, on the requester and on the responder, without calling the handler', async () => {
    const app = await start([], uniqueDbName('kit'), uniqueInstanceTag());
    const asked: unknown[] = [];
    app.bus.reply(SUBJECT, async (body) => { asked.push(body); return { issued: true }; });
    await expect(app.bus.request(SUBJECT, { visitor: 'ip:1.2.3.4', questionId: question })).resolves.toEqual({ issued: true });

    const local = await app.bus.request(SUBJECT, { visitor: 'ip:1.2.3.4', questionId: 'nope' }).catch((e: unknown) => e);
    expect(local).toBeInstanceOf(RpcFailure);
    expect(local).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    expect((local as Error).message).toMatch(/questionId/);

    // A requester that does not check (another version, another language) gets the same answer from the responder.
    const raw = await app.bus.nc.request(app.bus.wireSubject(SUBJECT), JSON.stringify({ visitor: 'ip:1.2.3.4' }), { timeout: 3000 });
    expect(raw.json()).toMatchObject({ ok: false, error: { error: 'BAD_REQUEST', status: 400 } });
    expect(asked).toHaveLength(1);
  });

  it('tells a dead service (typed 503), a failed responder (500) and an out-of-contract reply (502) apart', async () => {
    const app = await start([], uniqueDbName('kit'), uniqueInstanceTag());
    const body = { visitor: 'ip:1.2.3.4', questionId: question };
    await expect(app.bus.request(SUBJECT, body, { timeoutMs: 500 })).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });

    app.bus.reply(SUBJECT, async () => { throw new Error('database gone'); });
    await expect(app.bus.request(SUBJECT, body)).rejects.toMatchObject({ code: 'FAILED', status: 500, message: expect.stringMatching(/database gone/) });

    const peer = await start([], uniqueDbName('kit'), uniqueInstanceTag());
    const sub = peer.bus.nc.subscribe(peer.bus.wireSubject(SUBJECT));
    void (async () => { for await (const m of sub) m.respond(JSON.stringify({ ok: true, data: { issued: 'yes' } })); })();
    await expect(peer.bus.request(SUBJECT, body)).rejects.toMatchObject({ code: 'BAD_REPLY', status: 502 });
    sub.unsubscribe();
  });
});

describe('the typed RPC client', () => {
  const SUBJECT = 'content.rpc.sampleIssued';
  const body = (n: number) => ({ visitor: `ip:10.0.0.${n}`, questionId: 'c'.repeat(24) });

  it('turns any failure into the caller\'s own error, and keeps answers only while the cache says so', async () => {
    const app = await start([], uniqueDbName('kit'), uniqueInstanceTag());
    const unavailable = new Error('Questions cannot be checked right now.');
    const seen: RpcFailure[] = [];
    const client = app.bus.rpc(SUBJECT, { timeoutMs: 500, failure: (f) => { seen.push(f); return unavailable; } });
    await expect(client(body(1))).rejects.toBe(unavailable);
    expect(seen[0]).toMatchObject({ code: 'UNAVAILABLE', status: 503 });

    let asked = 0;
    app.bus.reply(SUBJECT, async ({ visitor }) => { asked += 1; return { issued: visitor.endsWith('.1') }; });
    const cached = cachedRpc(client, { keyOf: (b) => b.visitor, ttlMs: 60_000, keep: (a) => a.issued });
    const [a, b] = await Promise.all([cached(body(1)), cached(body(1))]);
    expect([a, b, await cached(body(1))]).toEqual([{ issued: true }, { issued: true }, { issued: true }]);
    expect(asked).toBe(1); // two at once shared one request, the third was kept
    await cached(body(2));
    await cached(body(2));
    expect(asked).toBe(3); // an answer the cache does not keep is asked again
  });
});

describe('service basics', () => {
  it('answers /healthz, /readyz and /docs, and shapes unknown routes as the one error body', async () => {
    const app = await start();
    // The version: svc-feedback's package.json version plus this checkout's commit (version.ts).
    const feedbackVersion = JSON.parse(readFileSync(new URL('../../../svc-feedback/package.json', import.meta.url), 'utf8')).version;
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok', version: expect.stringMatching(new RegExp(`^${feedbackVersion.replace(/\./g, '\\.')}\\+([0-9a-f]{7,}|unknown)$`)) });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ mongo: true, nats: true });
    expect((await app.inject('/docs/json')).json()).toHaveProperty('openapi');
    const missing = await app.inject('/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('answers bad input with a 400 that names the field and, for a choice, the allowed values', async () => {
    const Body = Type.Object({ chapterId: ObjectId, count: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
    const def: ServiceDefinition = {
      name: 'feedback', description: 'kit test',
      app: async (app) => {
        app.post('/api/kit-test/:className', { schema: { params: Type.Object({ className: ClassName }), body: Body } }, async () => ({ ok: true }));
      },
    };
    const app = await createService(def, { dbName: uniqueDbName('kit'), verifier: keys.verifier, logger: false });
    apps.push(app);
    const post = (className: string, payload: object) => app.inject({ method: 'POST', url: `/api/kit-test/${encodeURIComponent(className)}`, payload });
    const good = { chapterId: 'a'.repeat(24), count: 2 };

    expect((await post('CBSE Class 10', good)).json()).toEqual({ ok: true });
    for (const [className, payload, message] of [
      ['Class 10', good, "params/className must be one of 'CBSE Class 10', 'CBSE Class 11', 'CBSE Class 12'"],
      ['CBSE Class 12', { ...good, count: 0 }, 'body/count must be >= 1'],
      ['CBSE Class 12', { ...good, userId: 'x' }, "body must not have the field 'userId'"],
      ['CBSE Class 12', { count: 1 }, "body must have required property 'chapterId'"],
    ] as const) {
      const res = await post(className, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION' });
    }
  });
});
