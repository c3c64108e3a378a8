// Guests' attempt starts: per browser (an id this service issued), and a higher ceiling per address that a guest
// dropping the cookie for a new id still meets. Small limits here, so the ceilings are reached quickly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, challenger, guestCookie, startHarness, type Harness } from '../support/harness';

const hour = 60 * 60_000;
let h: Harness;
beforeAll(async () => { h = await startHarness({ limits: { perClient: { limit: 2, windowMs: hour }, perAddress: { limit: 5, windowMs: hour } } }); });
afterAll(async () => { await h?.close(); });

describe('guest start limits', () => {
  it('counts a browser\'s starts by its issued id, and all guests of one address against the higher address ceiling', async () => {
    const c = await challenger(h, 'Kabir');
    const link = async () => (await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId } })).body.token as string;
    const tokens = [await link(), await link(), await link()];
    const start = (token: string, ip: string, cookies: Record<string, string> = {}) =>
      caller(h, null, { ip })({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: 'Guest' }, cookies });

    const first = await start(tokens[0]!, '192.0.2.10');
    const browser = { lp_guest: guestCookie(first)! };
    expect((await start(tokens[1]!, '192.0.2.10', browser)).status).toBe(200);
    expect(await start(tokens[2]!, '192.0.2.10', browser)).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } }); // the browser's 2 are used
    // Other browsers at the same address still start, up to the address's ceiling of 5 (3 used so far).
    expect((await start(tokens[2]!, '192.0.2.10')).status).toBe(200);
    expect((await start(tokens[2]!, '192.0.2.10')).status).toBe(200);
    expect(await start(tokens[2]!, '192.0.2.10')).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    // Another address is not affected.
    expect((await start(tokens[2]!, '192.0.2.11')).status).toBe(200);
  });
});
