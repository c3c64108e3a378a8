// Events identity publishes: the demo seed's users, sign-in upserts and session ends.
import { eventEnvelopes, type EventEnvelope } from '@lp/contracts';
import { eventId, setFailPoint, type ServiceApp } from '@lp/service-kit';
import { eventually, movableClock, streamEvents, uniqueDbName } from '@lp/service-kit/testing';
import { Value } from '@sinclair/typebox/value';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/domain/demo-accounts';
import { seedDemoAccounts } from '../../src/events/seed-demo';
import { UsersRepository } from '../../src/repositories/users';
import { ASHA, TestBrowser, buildIdentity, sessionFor, signInAsNewLearner, signInThroughProvider } from '../support/harness';

describe('the demo seed', () => {
  const dbName = uniqueDbName('identity');
  const since = new Date(Date.now() - 1000);
  let first: ServiceApp;
  let second: ServiceApp;
  beforeAll(async () => {
    // Two starts on the same database (the second a restart a day later).
    const clock = movableClock();
    first = (await buildIdentity({ dbName, clock })).app;
    await first.close();
    clock.advance(24 * 3600_000);
    second = (await buildIdentity({ dbName, clock })).app;
  });
  afterAll(async () => { await second?.close(); });

  it('upserts the three demo users with fixed ids and announces each with identity.user.upserted', async () => {
    const upserts = (await streamEvents(second.bus.nc, 'identity.user.upserted', { since })).filter((e) => DEMO_ACCOUNTS.some((a) => a.userId === e.data.userId));
    for (const account of DEMO_ACCOUNTS) {
      const mine = upserts.filter((e) => e.data.userId === account.userId);
      expect(mine.length).toBeGreaterThanOrEqual(2); // once per start
      expect(mine[0]!.data).toEqual({ userId: account.userId, email: account.email, firstName: account.firstName, lastName: account.lastName, role: account.role, profileImageUrl: null });
      expect(Value.Check(eventEnvelopes['identity.user.upserted'], mine[0])).toBe(true);
    }
    expect(await second.db.collection('users').countDocuments()).toBe(3);
  });
});

describe('sign-in', () => {
  it('publishes identity.user.upserted for the signed-in user', async () => {
    const since = new Date(Date.now() - 1000);
    const t = await buildIdentity();
    try {
      const browser = new TestBrowser(t.app);
      await signInThroughProvider(browser, ASHA);
      const events = (await streamEvents(t.app.bus.nc, 'identity.user.upserted', { since })).filter((e) => e.data.userId === ASHA.userId);
      // One from the seed at start, one from the sign-in.
      expect(events.length).toBeGreaterThanOrEqual(2);
    } finally {
      await t.app.close();
    }
  });
});

/** Runs `step` with fail point `name` set: it stands in for a process that dies after recording an event. */
async function failingAt<T>(name: string, step: () => Promise<T>): Promise<T> {
  setFailPoint(name, true);
  try {
    return await step();
  } finally {
    setFailPoint(name, false);
  }
}

describe('an event recorded by a step that died before its change was stored and the event sent', () => {
  it('sign-in: identity.user.upserted is relayed once, and the next sign-in stores the user under the announced id', async () => {
    const since = new Date(Date.now() - 1000);
    const t = await buildIdentity();
    try {
      const email = `crash.${Date.now()}@example.com`;
      const failed = await failingAt('identity-user-recorded', () => signInAsNewLearner(new TestBrowser(t.app), { name: 'Kiran Rao', email }));
      expect(failed.final.status).toBeGreaterThanOrEqual(500);
      expect(await t.app.db.collection('users').countDocuments({ email })).toBe(0);
      const announced = async () => (await streamEvents(t.app.bus.nc, 'identity.user.upserted', { since })).filter((e) => e.data.email === email);
      await eventually(async () => (await announced()).length > 0, { timeoutMs: 20_000 });
      const [event] = await announced() as [EventEnvelope<'identity.user.upserted'>];

      await signInAsNewLearner(new TestBrowser(t.app), { name: 'Kiran Rao', email });
      const stored = await t.app.db.collection('users').findOne({ email });
      expect(stored?._id.toHexString()).toBe(event.data.userId);
      await new Promise((r) => setTimeout(r, 3_000)); // more relay passes
      expect((await announced()).filter((e) => e.id === event.id)).toHaveLength(1);
    } finally {
      await t.app.close();
    }
  }, 60_000);

  it('sign-out: the relay revokes the session and sends identity.session.ended exactly once', async () => {
    const since = new Date(Date.now() - 1000);
    const t = await buildIdentity();
    try {
      const session = await sessionFor(t, ASHA);
      const out = await failingAt('identity-session-end-recorded', () => t.app.inject({ method: 'GET', url: '/api/logout', cookies: session.cookies }));
      expect(out.statusCode).toBe(500);
      expect(await t.app.db.collection('session_ends').countDocuments({ _id: session.sid as never })).toBe(0);
      const id = eventId('identity.session.ended', `session-ended:${session.sid}`);
      const ended = async () => (await streamEvents(t.app.bus.nc, 'identity.session.ended', { since })).filter((e) => e.id === id);
      await eventually(async () => (await ended()).length > 0, { timeoutMs: 20_000 });
      expect(await t.app.db.collection('session_ends').countDocuments({ _id: session.sid as never })).toBe(1);
      // The user's retried sign-out finds the session ended and sends nothing more.
      await t.app.inject({ method: 'GET', url: '/api/logout', cookies: session.cookies });
      await new Promise((r) => setTimeout(r, 3_000));
      expect(await ended()).toHaveLength(1);
      expect((await ended())[0]!.data).toMatchObject({ sid: session.sid, userId: ASHA.userId, reason: 'signed-out' });
    } finally {
      await t.app.close();
    }
  }, 60_000);

  it('the demo seed: a seed that died after recording a demo user\'s upsert has it relayed once, and the next start stores the same user', async () => {
    const since = new Date(Date.now() - 1000);
    const t = await buildIdentity();
    try {
      await t.app.db.collection('users').deleteMany({});
      const users = new UsersRepository(t.app.db, t.clock.read);
      await expect(failingAt('identity-user-recorded', () => seedDemoAccounts({ bus: t.app.bus, users }))).rejects.toThrow();
      const [first] = DEMO_ACCOUNTS;
      expect(await t.app.db.collection('users').countDocuments({})).toBe(0);
      const outboxed = await t.app.db.collection('outbox').findOne({ subject: 'identity.user.upserted' });
      expect(outboxed).not.toBeNull();
      const announced = async () => (await streamEvents(t.app.bus.nc, 'identity.user.upserted', { since })).filter((e) => e.id === String(outboxed!._id));
      await eventually(async () => (await announced()).length > 0, { timeoutMs: 20_000 });
      expect((await announced())[0]!.data).toMatchObject({ userId: first!.userId, email: first!.email });

      await seedDemoAccounts({ bus: t.app.bus, users });
      expect(await t.app.db.collection('users').countDocuments({ _id: new Types.ObjectId(first!.userId) as never })).toBe(1);
      await new Promise((r) => setTimeout(r, 3_000));
      expect(await announced()).toHaveLength(1);
    } finally {
      await t.app.close();
    }
  }, 60_000);
});
