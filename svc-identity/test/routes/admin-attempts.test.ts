// The admin password limit holds under concurrency: simultaneous guesses spread over two identity instances on
// one database cannot get more than 5 checked, per user and per IP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueDbName } from '@lp/service-kit/testing';
import { OWNER, addUser, buildIdentity, sessionFor, type TestIdentity, type TestSession } from '../support/harness';

let instances: TestIdentity[];
beforeAll(async () => {
  const dbName = uniqueDbName('identity');
  const first = await buildIdentity({ dbName });
  instances = [first, await buildIdentity({ dbName, keys: first.keys })];
});
afterAll(async () => { await Promise.all(instances.map((t) => t.app.close())); });

const guess = (i: number, session: TestSession, ip: string) => instances[i % 2]!.app.inject({
  method: 'POST', url: '/api/admin/verify-password', payload: { password: `wrong-${i}` },
  cookies: { lp_session: session.token }, headers: { 'x-forwarded-for': ip },
});

function tally(responses: Array<{ statusCode: number; headers: Record<string, unknown> }>) {
  const checked = responses.filter((r) => r.statusCode === 403).length;
  const limited = responses.filter((r) => r.statusCode === 429);
  return { checked, limited: limited.length, others: responses.length - checked - limited.length, retryAfter: limited.map((r) => Number(r.headers['retry-after'])) };
}

describe('admin password attempts under concurrency', () => {
  it('40 wrong passwords at once from one owner: at most 5 are checked, the rest get 429 with Retry-After', async () => {
    const owner = await sessionFor(instances[0]!, OWNER);
    const result = tally(await Promise.all(Array.from({ length: 40 }, (_, i) => guess(i, owner, `198.51.100.${i + 1}`))));
    expect(result.checked).toBeLessThanOrEqual(5);
    expect(result.checked + result.limited).toBe(40);
    expect(result.retryAfter.every((s) => s > 0 && s <= 900)).toBe(true);
  });

  it('40 wrong passwords at once from one IP by eight owners: at most 5 are checked', async () => {
    const owners = await Promise.all(Array.from({ length: 8 }, async (_, n) =>
      sessionFor(instances[0]!, await addUser(instances[0]!, { subject: `g-ip-owner-${n}`, email: `ip-owner-${n}@example.com`, firstName: 'Ip', lastName: `Owner${n}`, role: 'owner' }))));
    const result = tally(await Promise.all(Array.from({ length: 40 }, (_, i) => guess(i, owners[i % 8]!, '203.0.113.250'))));
    expect(result.checked).toBeLessThanOrEqual(5);
    expect(result.checked + result.limited).toBe(40);
    expect(result.retryAfter.every((s) => s > 0 && s <= 900)).toBe(true);
  });
});
