// GET /internal/session-ended: what the gateway and the services ask while their NATS feed of ended sessions is cut
// off. It answers from identity's records, so every identity replica gives the same answer.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASHA, OWNER, buildIdentity, sessionFor, setCookies, type TestIdentity } from '../support/harness';

let t: TestIdentity;
beforeAll(async () => { t = await buildIdentity(); });
afterAll(async () => { await t?.app.close(); });

const ended = async (query: string) => {
  const res = await t.app.inject(`/internal/session-ended?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().ended as boolean;
};

describe('GET /internal/session-ended', () => {
  it('says a live session has not ended, and has once it is signed out', async () => {
    const asha = await sessionFor(t, ASHA);
    expect(await ended(`sid=${asha.sid}`)).toBe(false);
    await t.app.inject({ url: '/api/logout', cookies: asha.cookies });
    expect(await ended(`sid=${asha.sid}`)).toBe(true);
  });

  it('says an unknown session has ended, and refuses a malformed question', async () => {
    expect(await ended('sid=no-such-session')).toBe(true);
    expect((await t.app.inject('/internal/session-ended')).statusCode).toBe(400);
  });

  it('says an admin elevation has ended after admin sign-out, while its session goes on', async () => {
    const owner = await sessionFor(t, OWNER);
    const granted = await t.app.inject({ method: 'POST', url: '/api/admin/verify-password', payload: { password: 'admin-demo' }, cookies: { lp_session: owner.token }, headers: { 'x-forwarded-for': '198.51.100.9' } });
    const admin = setCookies(granted.headers).find((c) => c.name === 'lp_admin')!.value;
    const { eid } = decodeJwt(admin) as { eid: string };
    expect(await ended(`sid=${owner.sid}&eid=${eid}`)).toBe(false);
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', cookies: { lp_session: owner.token, lp_admin: admin } });
    expect(await ended(`sid=${owner.sid}&eid=${eid}`)).toBe(true);
    expect(await ended(`sid=${owner.sid}`)).toBe(false);
  });
});
