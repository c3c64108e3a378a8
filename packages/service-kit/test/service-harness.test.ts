// The kit's service harness on the real FerretDB and NATS: what a service's tests rely on it for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceHarness, streamEvents, type ServiceHarness } from '../src/testing/index';
import { requireAdmin, requireOwner, requireUser, type ServiceApp, type ServiceDefinition } from '../src/index';

const USER = '64d1de0000000000000000bb';

/** A small service reading the harness's clock and asking a stand-in over NATS. */
const service = (now: () => Date): ServiceDefinition => ({
  name: 'study',
  description: 'harness test',
  app: async (app) => {
    app.get('/api/me', { preHandler: requireUser }, async (request) => ({ userId: request.user!.sub, role: request.user!.role }));
    app.get('/api/owner', { preHandler: requireOwner }, async () => ({ ok: true }));
    app.get('/api/admin', { preHandler: requireAdmin }, async () => ({ ok: true }));
    app.get('/api/now', async (_request, reply) => reply.header('x-seen', 'yes').send({ now: now().toISOString() }));
    app.get('/api/ask', async () => app.bus.request('content.rpc.subjectExists', { subjectId: USER }));
  },
});

describe('createServiceHarness', () => {
  let h: ServiceHarness;
  let app: ServiceApp;
  beforeAll(async () => {
    h = await createServiceHarness({ start: new Date('2026-01-01T00:00:00.000Z') });
    await h.standIn('content', (a) => a.bus.reply('content.rpc.subjectExists', async (asked) => ({ exists: 'subjectId' in asked && asked.subjectId === USER })));
    app = await h.build(service(h.clock.read));
  });
  afterAll(async () => { await h.close(); });

  it('builds the service on a throwaway database of its own', () => {
    expect(app.db.name).toMatch(/^study_t_[0-9a-f]{8}$/);
  });

  it('signs the caller in as a learner, as the owner, or elevated; a visitor is refused', async () => {
    expect(await h.caller(app, USER)({ url: '/api/me' })).toMatchObject({ status: 200, body: { userId: USER, role: 'learner' } });
    expect((await h.caller(app, USER)({ url: '/api/owner' })).status).toBe(403);
    expect((await h.caller(app, USER, { role: 'owner' })({ url: '/api/owner' })).status).toBe(200);
    expect((await h.caller(app, USER, { role: 'owner' })({ url: '/api/admin' })).status).toBe(403);
    expect((await h.caller(app, USER, { role: 'owner', admin: true })({ url: '/api/admin' })).status).toBe(200);
    expect((await h.caller(app, null)({ url: '/api/me' })).status).toBe(401);
  });

  it('answers with status, body and headers', async () => {
    const answer = await h.caller(app, null)({ url: '/api/now' });
    expect(answer).toMatchObject({ status: 200, body: { now: '2026-01-01T00:00:00.000Z' } });
    expect(answer.headers['x-seen']).toBe('yes');
  });

  it('moves the clock the services read', async () => {
    h.clock.advance(60_000);
    expect((await h.caller(app, null)({ url: '/api/now' })).body.now).toBe('2026-01-01T00:01:00.000Z');
    h.clock.now = new Date('2027-01-01T00:00:00.000Z');
    expect((await h.caller(app, null)({ url: '/api/now' })).body.now).toBe('2027-01-01T00:00:00.000Z');
  });

  it('lets the service reach its stand-ins over NATS, on the harness\'s instance tag', async () => {
    expect((await h.caller(app, null)({ url: '/api/ask' })).body).toEqual({ exists: true });
  });

  it('builds a second replica on the same database when asked', async () => {
    const replica = await h.build(service(h.clock.read), { dbName: app.db.name });
    expect(replica.db.name).toBe(app.db.name);
    expect((await h.caller(app, USER)({ url: '/api/me', app: replica })).status).toBe(200);
  });

  it('gives the same cookies as a header, and listens on a real port', async () => {
    const url = await h.listen(app);
    const res = await fetch(`${url}/api/me`, { headers: await h.cookieHeader(USER) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: USER, role: 'learner' });
  });

  it('closes everything it built, stand-ins too, even what a test closed already', async () => {
    const other = await createServiceHarness();
    const a = await other.build(service(other.clock.read));
    const stand = await other.standIn('content');
    await a.close();
    await other.close();
    await expect(stand.inject('/healthz')).rejects.toThrow();
  });
});

describe('streamEvents', () => {
  it('reads what reached the stream since a time, duplicates included, over a connection or a URL', async () => {
    const h = await createServiceHarness();
    try {
      const billing = await h.standIn('billing');
      const since = new Date();
      const userId = '64d1de0000000000000000cc';
      const activated = (subscriptionId: string) => ({
        userId, subscriptionId, plan: 'premium_yearly' as const, provider: 'razorpay' as const, currency: 'INR' as const, amount: '500.00',
        startsAt: since.toISOString(), endsAt: new Date(since.getTime() + 86_400_000).toISOString(),
      });
      await billing.bus.publish('billing.subscription.activated', activated('64d1de0000000000000000d1'));
      await billing.bus.publish('billing.subscription.activated', activated('64d1de0000000000000000d2'));
      const mine = (events: Array<{ data: { userId: string; subscriptionId: string } }>) => events.filter((e) => e.data.userId === userId).map((e) => e.data.subscriptionId);
      expect(mine(await streamEvents(billing.bus.nc, 'billing.subscription.activated', { since }))).toEqual(['64d1de0000000000000000d1', '64d1de0000000000000000d2']);
      expect(mine(await streamEvents(process.env.NATS_URL!, 'billing.subscription.activated'))).toEqual(['64d1de0000000000000000d1', '64d1de0000000000000000d2']);
      expect(await streamEvents(billing.bus.nc, 'billing.subscription.activated', { since: new Date(Date.now() + 60_000) })).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
