import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdaptiveLimit, OVERLOADED, OVERLOADED_MESSAGE } from '../src/admission';
import { pressureReason } from '../src/pressure';
import { createService, type ServiceApp } from '../src/service';
import { createTestKeys, uniqueDbName } from '../src/testing/index';

describe('AdaptiveLimit', () => {
  it('refuses past the limit, and frees a place when a call ends', () => {
    const gate = new AdaptiveLimit({ initialLimit: 2 });
    expect([gate.admit(), gate.admit(), gate.admit()]).toEqual([true, true, false]);
    gate.done(10);
    expect(gate.admit()).toBe(true);
  });

  it('when calls got slow, settles at what was served within the target (never below the floor); grows again when quick and binding', () => {
    const gate = new AdaptiveLimit({ initialLimit: 100, minLimit: 10, targetMs: 500 });
    // 60 calls finished in a 1 s window at 900 ms: 60 per second, so 30 fit in 500 ms.
    for (let i = 0; i < 60; i++) { gate.admit(); gate.done(900); }
    gate.adjust(1000);
    expect(gate.limit).toBe(30);
    for (let i = 0; i < 4; i++) { gate.admit(); gate.done(2000); }
    gate.adjust(1000);
    expect(gate.limit).toBe(10);
    for (let w = 0; w < 5; w++) {
      while (gate.admit());
      while (gate.inFlight > 0) gate.done(20);
      gate.adjust(1000);
    }
    expect(gate.limit).toBeGreaterThan(20);
  });

  it('leaves the limit alone while calls are quick and far below it', () => {
    const gate = new AdaptiveLimit({ initialLimit: 100 });
    for (let w = 0; w < 10; w++) { gate.admit(); gate.done(5); gate.adjust(); }
    expect(gate.limit).toBe(100);
  });
});

describe('a service under more calls than it takes', () => {
  let app: ServiceApp;
  const waiting: Array<() => void> = [];
  const release = () => { for (const r of waiting.splice(0)) r(); };
  beforeAll(async () => {
    const keys = await createTestKeys();
    app = await createService({
      name: 'feedback', description: 'admission test',
      app: async (a) => {
        a.get('/slow', async () => { await new Promise<void>((r) => { waiting.push(r); }); return { ok: true }; });
      },
    }, { dbName: uniqueDbName('admission'), verifier: keys.verifier, logger: false, admission: { initialLimit: 2, minLimit: 2 } });
  });
  afterAll(async () => { release(); await app?.close(); });

  it('answers a prompt 503 with Retry-After past its limit, takes calls again once they end, and always answers health probes', async () => {
    const first = app.inject({ url: '/slow' });
    const second = app.inject({ url: '/slow' });
    await new Promise((r) => setTimeout(r, 50));
    const refused = await app.inject({ url: '/slow' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ statusCode: 503, code: OVERLOADED, message: OVERLOADED_MESSAGE });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    const again = app.inject({ url: '/slow' });
    await new Promise((r) => setTimeout(r, 20));
    release();
    expect((await again).statusCode).toBe(200);
  });
});

describe('pressureReason', () => {
  it('names the limit a sample is over: event-loop delay first, then heap; none when both are within', () => {
    const limits = { maxEventLoopDelayMs: 200, maxHeapUsedRatio: 0.8 };
    expect(pressureReason({ eventLoopDelayMs: 20, heapUsedRatio: 0.5 }, limits)).toBeNull();
    expect(pressureReason({ eventLoopDelayMs: 250, heapUsedRatio: 0.5 }, limits)).toBe('event-loop-delay');
    expect(pressureReason({ eventLoopDelayMs: 20, heapUsedRatio: 0.85 }, limits)).toBe('heap');
    expect(pressureReason({ eventLoopDelayMs: 9999, heapUsedRatio: 0.99 }, { maxEventLoopDelayMs: 0, maxHeapUsedRatio: 0 })).toBeNull();
  });
});

describe('a service whose event loop is stalled', () => {
  let app: ServiceApp;
  let hog: ReturnType<typeof setInterval> | undefined;
  beforeAll(async () => {
    const keys = await createTestKeys();
    app = await createService({
      name: 'feedback', description: 'pressure test',
      app: async (a) => { a.get('/quick', async () => ({ ok: true })); },
    }, { dbName: uniqueDbName('pressure'), verifier: keys.verifier, logger: false, admission: { maxEventLoopDelayMs: 50, sampleMs: 100 } });
  });
  afterAll(async () => { clearInterval(hog); await app?.close(); });

  /** Keeps the event loop busy most of the time, as a CPU-bound burst does (nothing in flight counts it). */
  const stallLoop = () => setInterval(() => { const until = Date.now() + 150; while (Date.now() < until); }, 160);

  async function untilStatus(status: number) {
    for (let i = 0; i < 100; i++) {
      const res = await app.inject({ url: '/quick' });
      if (res.statusCode === status) return res;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`never answered ${status}`);
  }

  it('refuses calls with 503 OVERLOADED and Retry-After while stalled (health probes still answer), and takes them again by itself once the loop is free', async () => {
    expect((await app.inject({ url: '/quick' })).statusCode).toBe(200);
    hog = stallLoop();
    const refused = await untilStatus(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ statusCode: 503, code: OVERLOADED, message: OVERLOADED_MESSAGE });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    clearInterval(hog);
    hog = undefined;
    expect((await untilStatus(200)).json()).toEqual({ ok: true });
  });
});
