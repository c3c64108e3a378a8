// Class and subject choices, the disclaimer, and the friend search.
import { eventually, streamEvents } from '@lp/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectModel } from '../../src/models/subject';
import { ASHA, RAVI, addUser, buildIdentity, sessionFor, type TestIdentity, type TestSession } from '../support/harness';

let t: TestIdentity;
let asha: TestSession;
beforeAll(async () => {
  t = await buildIdentity();
  asha = await sessionFor(t, ASHA);
});
afterAll(async () => { await t?.app.close(); });

const call = (method: 'GET' | 'POST', url: string, session: TestSession | null, payload?: unknown) =>
  t.app.inject({ method, url, cookies: session ? { lp_session: session.token } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const me = async (session: TestSession) => (await call('GET', '/api/auth/user', session)).json();

describe('POST /api/user/class and /api/user/subject', () => {
  const subjectId = '64c0ffee0000000000000b10';

  beforeAll(async () => {
    // The subject exists once content publishes a chapter of it (the read model consumes the event).
    await t.app.bus.publish('content.chapter.published', {
      chapterId: '64c0ffee0000000000000c01', subjectId, subjectName: 'Biology', className: 'CBSE Class 12',
      chapterName: 'Reproduction in Organisms', topicIds: [], questionCount: 0,
    });
    await eventually(() => subjectModel(t.app.db).exists({ _id: subjectId }));
  });

  it('saves one of CBSE Class 10, 11, 12 and refuses anything else with a clear 400, changing nothing', async () => {
    const ok = await call('POST', '/api/user/class', asha, { selectedClass: 'CBSE Class 11' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: ASHA.userId, selectedClass: 'CBSE Class 11' });

    for (const payload of [{ selectedClass: 'CBSE Class 9' }, { selectedClass: '' }, {}, { selectedClass: 'CBSE Class 12', role: 'owner' }]) {
      const bad = await call('POST', '/api/user/class', asha, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(bad.json().message.length).toBeGreaterThan(10);
    }
    expect((await call('POST', '/api/user/class', asha, { selectedClass: 'CBSE Class 9' })).json().message).toMatch(/selectedClass/);
    const broken = await t.app.inject({ method: 'POST', url: '/api/user/class', cookies: { lp_session: asha.token }, headers: { 'content-type': 'application/json' }, payload: '{"selectedClass": ' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(await me(asha)).toMatchObject({ selectedClass: 'CBSE Class 11', role: 'learner' });
    expect((await call('POST', '/api/user/class', null, { selectedClass: 'CBSE Class 10' })).statusCode).toBe(401);
  });

  it('saves a subject that exists, refuses an unknown or malformed one, and a new class clears it', async () => {
    const ok = await call('POST', '/api/user/subject', asha, { selectedSubject: subjectId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().selectedSubject).toBe(subjectId);

    const unknown = await call('POST', '/api/user/subject', asha, { selectedSubject: '64c0ffee0000000000000bad' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_SUBJECT', message: expect.stringContaining('no subject with id 64c0ffee0000000000000bad') });
    const malformed = await call('POST', '/api/user/subject', asha, { selectedSubject: 'Biology' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/subject id/);
    expect((await call('POST', '/api/user/subject', asha, { selectedSubject: '  ' })).statusCode).toBe(400);
    expect((await me(asha)).selectedSubject).toBe(subjectId);

    const changed = await call('POST', '/api/user/class', asha, { selectedClass: 'CBSE Class 10' });
    expect(changed.json()).toMatchObject({ selectedClass: 'CBSE Class 10', selectedSubject: null });
  });
});

describe('POST /api/user/untimed (issue 33 §3)', () => {
  it('remembers untimed mode per user, announces it to the other services, and refuses a visitor or a bad body', async () => {
    const since = new Date(Date.now() - 1000);
    expect(await me(asha)).toMatchObject({ untimed: false });
    const on = await call('POST', '/api/user/untimed', asha, { untimed: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: ASHA.userId, untimed: true });
    // Another session (another device) of the same user sees it.
    expect(await me(await sessionFor(t, ASHA))).toMatchObject({ untimed: true });
    await eventually(async () => {
      const events = (await streamEvents(t.app.bus.nc, 'identity.user.upserted', { since })).filter((e) => e.data.userId === ASHA.userId);
      return events.some((e) => e.data.untimed === true && e.data.email === ASHA.email);
    });

    for (const payload of [{}, { untimed: 'yes' }, { untimed: true, role: 'owner' }]) {
      expect((await call('POST', '/api/user/untimed', asha, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('POST', '/api/user/untimed', null, { untimed: false })).statusCode).toBe(401);
    expect((await call('POST', '/api/user/untimed', asha, { untimed: false })).json()).toMatchObject({ untimed: false });
    expect(await me(asha)).toMatchObject({ untimed: false, role: 'learner' });
  });
});

describe('POST /api/user/language', () => {
  it("keeps the user's interface language on their profile, and refuses any but English and Hindi", async () => {
    const ravi = await sessionFor(t, RAVI);
    expect((await me(ravi)).language).toBeNull();
    const saved = await call('POST', '/api/user/language', ravi, { language: 'hi' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: RAVI.userId, language: 'hi' });
    expect((await me(await sessionFor(t, RAVI))).language).toBe('hi');

    for (const payload of [{ language: 'fr' }, { language: 'HI' }, {}, { language: 'en', role: 'owner' }]) {
      expect((await call('POST', '/api/user/language', ravi, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await me(ravi)).language).toBe('hi');
    expect((await call('POST', '/api/user/language', null, { language: 'en' })).statusCode).toBe(401);
  });
});

describe('the AI disclaimer', () => {
  it('is stored per user: accepted once, it stays accepted across sessions and restarts', async () => {
    const ravi = await sessionFor(t, RAVI);
    expect((await call('GET', '/api/auth/disclaimer/status', ravi)).json()).toEqual({ disclaimerAccepted: false });
    expect((await call('GET', '/api/auth/disclaimer/status', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/disclaimer/accept', null)).statusCode).toBe(401);

    const accepted = await call('POST', '/api/auth/disclaimer/accept', ravi);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ disclaimerAccepted: true });
    expect((await call('POST', '/api/auth/disclaimer/accept', ravi)).json()).toEqual({ disclaimerAccepted: true });

    // Another user is unaffected; a new session of the same user, on a restarted service, still has it.
    expect((await call('GET', '/api/auth/disclaimer/status', asha)).json()).toEqual({ disclaimerAccepted: false });
    const restarted = await buildIdentity({ dbName: t.dbName, keys: t.keys });
    try {
      const later = await sessionFor(restarted, RAVI);
      const status = await restarted.app.inject({ url: '/api/auth/disclaimer/status', cookies: { lp_session: later.token } });
      expect(status.json()).toEqual({ disclaimerAccepted: true });
    } finally {
      await restarted.app.close();
    }
  });
});

describe('GET /api/users/search', () => {
  it('finds a user by exact e-mail, case-insensitively, and reveals id, names and picture only', async () => {
    const friend = await addUser(t, { subject: 'g-meera', email: 'Meera.Pillai@Example.com', firstName: 'Meera', lastName: 'Pillai' });
    const res = await call('GET', `/api/users/search?email=${encodeURIComponent('  meera.pillai@EXAMPLE.com ')}`, asha);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: friend.userId, firstName: 'Meera', lastName: 'Pillai', profileImageUrl: 'https://example.com/p.png' });
    expect(res.body).not.toMatch(/example\.com"|role|email|selected|disclaimer|provider/i);
  });

  it('answers 404 with the spec text for no match, and a partial address is no match', async () => {
    for (const email of ['nobody@example.com', 'meera.pillai@example', 'meera', 'meera.pillai@example.co']) {
      const res = await call('GET', `/api/users/search?email=${encodeURIComponent(email)}`, asha);
      expect(res.statusCode, email).toBe(email === 'meera' ? 400 : 404);
      if (res.statusCode === 404) {
        expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'User not found: No user found with this email address.', code: 'USER_NOT_FOUND' });
      }
    }
  });

  it('is for signed-in users, validates the query, and does not offer your own record', async () => {
    expect((await call('GET', '/api/users/search?email=asha@demo.test', null)).statusCode).toBe(401);
    for (const query of ['', '?email=', '?email=%20%20', '?email=a@b.in&role=owner', `?email=${'a'.repeat(250)}@b.in`]) {
      const res = await call('GET', `/api/users/search${query}`, asha);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().statusCode).toBe(400);
    }
    const own = await call('GET', '/api/users/search?email=ASHA@demo.test', asha);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ code: 'OWN_EMAIL' });
    expect(own.body).not.toContain(ASHA.userId);
  });

  it('allows 30 searches a minute per user, exactly, however many arrive at once', async () => {
    const ravi = await sessionFor(t, RAVI);
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => call('GET', `/api/users/search?email=nobody-${i}@example.com`, ravi)));
    expect(burst.filter((r) => r.statusCode === 404)).toHaveLength(30);
    const limited = burst.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0]!.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many searches\. Try again in \d+ seconds\.$/) });
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
