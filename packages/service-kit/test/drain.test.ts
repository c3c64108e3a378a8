// An instance replaced in a release: it says it is not ready first, then closes without failing the calls it holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAndClose, drainGraceMs } from '../src/drain';
import { createService, type ServiceApp } from '../src/service';
import { createTestKeys, uniqueDbName } from '../src/testing/index';

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
