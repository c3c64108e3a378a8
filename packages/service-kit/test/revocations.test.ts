// Ended sessions, on the real NATS: every instance refuses a signed-out session's token within a second, an
// instance started afterwards refuses it too, and an admin elevation counts only in the session it was granted in.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createService, requireAdmin, requireUser, type ServiceApp, type ServiceDefinition } from '../src/index';
import { RevocationList, replayAtStart, SESSION_ENDED, type SessionEnded } from '../src/auth/revocations';
import { createSessionVerifier } from '../src/auth/session';
import { createTestKeys, uniqueDbName, type TestKeys } from '../src/testing/index';

let keys: TestKeys;
const apps: ServiceApp[] = [];
beforeAll(async () => { keys = await createTestKeys(); });
afterAll(async () => { await Promise.all(apps.map((a) => a.close())); });

const USER = '64d1de0000000000000000aa';

/** A service instance with its own verifier (as each process has), one user route and one admin route. */
async function start() {
  const def: ServiceDefinition = {
    name: 'feedback',
    description: 'revocation test',
    app: async (app) => {
      app.get('/api/mine', { preHandler: requireUser }, async (request) => ({ userId: request.user!.sub }));
      app.post('/api/admin/thing', { preHandler: requireAdmin }, async () => ({ ok: true }));
    },
  };
  const app = await createService(def, { dbName: uniqueDbName('kit'), verifier: createSessionVerifier(keys.publicKey), logger: false });
  apps.push(app);
  return app;
}

const ended = (sid: string, extra: Partial<SessionEnded> = {}): SessionEnded => ({
  sid, userId: USER, reason: 'signed-out', endedAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 3_600_000).toISOString(), ...extra,
});
const mine = (app: ServiceApp, token: string) => app.inject({ url: '/api/mine', cookies: { lp_session: token } }).then((r) => r.statusCode);
const admin = (app: ServiceApp, session: string, elevation: string) =>
  app.inject({ method: 'POST', url: '/api/admin/thing', cookies: { lp_session: session, lp_admin: elevation } }).then((r) => r.statusCode);

describe('a signed-out session is refused everywhere', () => {
  it('by every running instance within one second of identity.session.ended', async () => {
    const [a, b] = [await start(), await start()];
    const sid = randomUUID();
    const token = await keys.session(USER, 'learner', { sid });
    expect([await mine(a, token), await mine(b, token)]).toEqual([200, 200]); // verified and cached

    const sentAt = Date.now();
    await a.bus.publish(SESSION_ENDED, ended(sid), { id: `session-ended-${sid}` });
    const refusedAt = await Promise.all([a, b].map(async (app) => {
      while ((await mine(app, token)) !== 401) {
        if (Date.now() - sentAt > 5_000) throw new Error('still accepted after 5 s');
        await new Promise((r) => setTimeout(r, 20));
      }
      return Date.now() - sentAt;
    }));
    expect(Math.max(...refusedAt)).toBeLessThan(1_000);
    // Another session of the same user is untouched.
    expect(await mine(a, await keys.session(USER, 'learner', { sid: randomUUID() }))).toBe(200);
  });

  it('by an instance started after the session ended (replayed from the stream)', async () => {
    const publisher = await start();
    const sid = randomUUID();
    await publisher.bus.publish(SESSION_ENDED, ended(sid), { id: `session-ended-${sid}` });
    const late = await start();
    expect(await mine(late, await keys.session(USER, 'learner', { sid }))).toBe(401);
  });
});

describe('admin elevation is bound to its session', () => {
  it('counts only alongside the session it was granted in, and ends with an admin sign-out or the session', async () => {
    const app = await start();
    const sid = randomUUID();
    const session = await keys.session(USER, 'owner', { sid });
    const eid = randomUUID();
    const elevation = await keys.admin(USER, { sid, eid });
    expect(await admin(app, session, elevation)).toBe(200);

    // The same user's other session (a new sign-in without elevation) cannot use it.
    const otherSession = await keys.session(USER, 'owner', { sid: randomUUID() });
    expect(await admin(app, otherSession, elevation)).toBe(403);

    // Admin sign-out ends the elevation only; the session goes on, and a new elevation works.
    await app.bus.publish(SESSION_ENDED, ended(sid, { reason: 'admin-signed-out', elevationId: eid }), { id: `admin-ended-${eid}` });
    await waitFor(async () => (await admin(app, session, elevation)) === 403);
    expect(await mine(app, session)).toBe(200);
    const again = await keys.admin(USER, { sid });
    expect(await admin(app, session, again)).toBe(200);

    // The session's end takes every elevation granted in it along.
    await app.bus.publish(SESSION_ENDED, ended(sid), { id: `session-ended-${sid}` });
    await waitFor(async () => (await mine(app, session)) === 401);
    expect(await admin(app, session, again)).toBe(401);
  });
});

describe('RevocationList', () => {
  it('forgets an end once its last token has expired', () => {
    let now = 1_000_000;
    const list = new RevocationList(() => now);
    list.add('s1', now + 1_000);
    list.apply({ sid: 's2', expiresAt: new Date(now + 5_000).toISOString(), elevationId: 'e1' });
    expect([list.has('s1'), list.has('s2'), list.has('e1')]).toEqual([true, false, true]);
    now += 1_001;
    expect(list.has('s1')).toBe(false);
    list.add('past', now - 1);
    expect(list.has('past')).toBe(false);
    now += 120_000;
    list.add('s3', now + 10);
    expect(list.size).toBe(1);
  });

  it('tells its listeners of each newly ended id once (the gateway ends push streams with it)', () => {
    const list = new RevocationList(() => 1_000);
    const heard: string[] = [];
    const stop = list.onEnded((id) => heard.push(id));
    list.add('s1', 5_000);
    list.add('s1', 9_000); // a replay of the same end
    list.apply({ sid: 's2', expiresAt: new Date(5_000).toISOString(), elevationId: 'e1' });
    stop();
    list.add('s3', 5_000);
    expect(heard).toEqual(['s1', 'e1']);
  });
});

describe('while the feed of ends is cut off', () => {
  it('is not live from the cut until the settling time after it is back', () => {
    let now = 1_000_000;
    const list = new RevocationList(() => now);
    expect(list.live).toBe(true);
    list.feedLost();
    expect([list.live, list.feedConnected]).toEqual([false, false]);
    list.feedBack(10_000);
    expect([list.live, list.feedConnected]).toEqual([false, true]);
    now += 10_000;
    expect(list.live).toBe(true);
  });

  it('asks identity about a session, holds the answer briefly, and refuses (503) when nobody can answer', async () => {
    const list = new RevocationList();
    const asked: string[] = [];
    let identitySays: boolean | Error = false;
    const verifier = createSessionVerifier(keys.publicKey, {
      revocations: list, confirmMs: 200,
      ended: async ({ sid }) => { asked.push(sid); if (identitySays instanceof Error) throw identitySays; return identitySays; },
    });
    const sid = randomUUID();
    const token = await keys.session(USER, 'learner', { sid });
    expect(await verifier.verifySession(token)).toMatchObject({ sid }); // live: the list decides, nobody is asked
    expect(asked).toEqual([]);

    list.feedLost();
    expect(verifier.cachedSession(token)).toBeUndefined(); // the cached verdict is not trusted alone any more
    expect(await verifier.verifySession(token)).toMatchObject({ sid });
    expect(verifier.cachedSession(token)).toMatchObject({ sid }); // identity's answer holds for confirmMs
    expect(asked).toEqual([sid]);

    identitySays = true; // signed out meanwhile
    await new Promise((r) => setTimeout(r, 250));
    expect(await verifier.verifySession(token)).toBeNull();
    identitySays = new Error('identity unreachable');
    await new Promise((r) => setTimeout(r, 250));
    const other = await keys.session(USER, 'learner', { sid: randomUUID() });
    await expect(verifier.verifySession(other)).rejects.toMatchObject({ statusCode: 503, code: 'SESSION_CHECK_UNAVAILABLE' });
    await expect(createSessionVerifier(keys.publicKey, { revocations: list }).verifySession(other)).rejects.toMatchObject({ statusCode: 503 }); // nobody to ask
  });
});

describe('the start-up replay on a busy NATS', () => {
  it('asks again after a timed-out request (1 s, 2 s…) instead of ending the process', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const warnings: unknown[] = [];
      const log = { warn: (o: unknown) => warnings.push(o) } as unknown as Parameters<typeof replayAtStart>[1];
      const done = replayAtStart(async () => { if (++calls < 3) throw new Error('TIMEOUT'); }, log);
      await vi.advanceTimersByTimeAsync(999);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1 + 2_000);
      await expect(done).resolves.toBeUndefined();
      expect(calls).toBe(3);
      expect(warnings).toEqual([{ err: 'TIMEOUT', attempt: 1 }, { err: 'TIMEOUT', attempt: 2 }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up with the last error when NATS never answers', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const done = replayAtStart(async () => { calls++; throw new Error('503 no responders'); }, undefined, 3);
      const settled = expect(done).rejects.toThrow('503 no responders');
      await vi.advanceTimersByTimeAsync(1_000 + 2_000);
      await settled;
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

async function waitFor(probe: () => Promise<boolean>, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
