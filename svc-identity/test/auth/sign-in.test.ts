// The full sign-in through the local OpenID provider, driven over HTTP as a browser would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/domain/demo-accounts';
import { ASHA, PUBLIC_URL, TestBrowser, buildIdentity, signInAsNewLearner, signInThroughProvider, type TestIdentity } from '../support/harness';

const DEMO_USER_IDS = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.subject, a.userId]));

let t: TestIdentity;
beforeAll(async () => { t = await buildIdentity(); });
afterAll(async () => { await t?.app.close(); });

const userOf = async (browser: TestBrowser) => {
  const res = await t.app.inject({ url: '/api/auth/user', cookies: { lp_session: browser.cookie('lp_session') ?? '' } });
  return { status: res.statusCode, body: res.json() };
};

describe('sign-in through the local provider (grant, PKCE, state, nonce)', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [`${a.firstName} ${a.lastName}`, a] as const))('signs in as %s and lands on / with a session', async (_name, account) => {
    const browser = new TestBrowser(t.app);
    const { page, start, done } = await signInThroughProvider(browser, account);

    // /api/login sent the browser to the provider with the code flow, PKCE (S256), state and nonce.
    const authorize = new URL(start.visited[0]!.location!);
    expect(start.visited[0]!.status).toBe(302);
    expect(authorize.pathname).toBe('/auth');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code', client_id: 'lp-identity', redirect_uri: `${PUBLIC_URL}/api/login/callback`,
      scope: 'openid email profile', code_challenge_method: 'S256', prompt: 'login',
    });
    expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{40}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[0-9a-f]{40}$/);
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);

    // The provider's page lists the three demo accounts, says what it is, and shows the demo admin password.
    expect(page.body).toContain('local demo sign-in, standing in for Google');
    for (const a of DEMO_ACCOUNTS) expect(page.body).toContain(`Continue as ${a.firstName} ${a.lastName}`);
    expect(page.body).toMatch(/Admin password[^<]*<code>admin-demo<\/code>/);

    // The callback set the session and refresh cookies and sent the browser home.
    const callback = done.visited.find((r) => r.url.startsWith(`${PUBLIC_URL}/api/login/callback`))!;
    expect(callback.status).toBe(302);
    expect(callback.location).toBe('/');
    const session = callback.setCookies.find((c) => c.name === 'lp_session')!;
    expect(session.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    expect(session.path).toBe('/');
    expect(session.maxAge).toBeGreaterThanOrEqual(599);
    expect(session.maxAge).toBeLessThanOrEqual(600);
    const refresh = callback.setCookies.filter((c) => c.name === 'lp_refresh' && c.value);
    expect(refresh.map((c) => c.path).sort()).toEqual(['/api/auth', '/api/login', '/api/logout']);
    expect(refresh[0]!.value).toMatch(/^[\w-]{43}$/);
    // The member mark (no secret in it) lives as long as the refresh cookie, on every path, for the gateway.
    const member = callback.setCookies.find((c) => c.name === 'lp_member')!;
    expect(member.value).toBe('1');
    expect(member.path).toBe('/');
    expect(member.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    expect(member.maxAge).toBeGreaterThan(600);

    const me = await userOf(browser);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: account.userId, email: account.email, firstName: account.firstName, lastName: account.lastName,
      profileImageUrl: null, role: account.role, selectedClass: null, selectedSubject: null, language: null, untimed: false,
      // A seeded demo account was not created by this sign-in: "Welcome back".
      firstSignIn: false,
    });
    const claims = await t.keys.verifier.verifySession(browser.cookie('lp_session')!);
    expect(claims).toMatchObject({ sub: account.userId, role: account.role });
  });

  it('returns to a same-origin returnTo, and refuses another site as returnTo', async () => {
    const browser = new TestBrowser(t.app);
    const { done } = await signInThroughProvider(browser, ASHA, '/dashboard?tab=1');
    expect(done.visited.at(-1)!.location).toBe('/dashboard?tab=1');

    for (const evil of ['//evil.example', '/\\evil.example', 'https://evil.example/']) {
      const res = await t.app.inject({ url: `/api/login?returnTo=${encodeURIComponent(evil)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
      expect(res.json().message).toMatch(/returnTo/);
    }
  });

  it('starts a new session id at every sign-in and retires the previous one', async () => {
    const browser = new TestBrowser(t.app);
    await signInThroughProvider(browser, ASHA);
    const first = (await t.keys.verifier.verifySession(browser.cookie('lp_session')!))!;
    const firstToken = browser.cookie('lp_session')!;
    await signInThroughProvider(browser, ASHA);
    const second = (await t.keys.verifier.verifySession(browser.cookie('lp_session')!))!;
    expect(second.sid).not.toBe(first.sid);
    // The first session's token is still signed, but its session is over (replaced), here and everywhere.
    const old = await t.app.inject({ url: '/api/auth/user', cookies: { lp_session: firstToken } });
    expect(old.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/session', cookies: { lp_session: firstToken } })).statusCode).toBe(401);
  });

  it('refuses a callback with a forged state, without the sign-in cookie, or replayed', async () => {
    const browser = new TestBrowser(t.app);
    const started = await browser.request(`${PUBLIC_URL}/api/login`);
    const state = new URL(started.location!).searchParams.get('state')!;
    const forged = await browser.request(`${PUBLIC_URL}/api/login/callback?code=abc&state=${'0'.repeat(40)}`);
    expect(forged.status).toBe(400);
    expect(forged.body).toContain('state does not match');
    expect(forged.setCookies.find((c) => c.name === 'lp_session')).toBeUndefined();

    const stranger = await t.app.inject({ url: `/api/login/callback?code=abc&state=${state}`, headers: { accept: 'application/json' } });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ statusCode: 400, code: 'SIGN_IN_FAILED' });

    const again = new TestBrowser(t.app);
    const { done } = await signInThroughProvider(again, ASHA);
    const callbackUrl = done.visited.find((r) => r.url.startsWith(`${PUBLIC_URL}/api/login/callback`))!.url;
    const replay = await t.app.inject({ url: callbackUrl.slice(PUBLIC_URL.length), headers: { accept: 'application/json' } });
    expect(replay.statusCode).toBe(400);
  });

  it('says the sign-in was cancelled when the user cancels at the provider', async () => {
    const browser = new TestBrowser(t.app);
    const start = await browser.navigate(`${PUBLIC_URL}/api/login`);
    const abort = /action="([^"]+\/abort)"/.exec(start.final.body)![1]!;
    const { final } = await browser.navigate(new URL(abort, start.final.url).toString(), { method: 'POST' });
    expect(final.url).toContain('/api/login/callback');
    expect(final.status).toBe(400);
    expect(final.body).toContain('Sign-in was cancelled.');
    expect(final.body).toContain('href="/api/login"');
  });

  it('signs out: the session is revoked, every cookie cleared, and renewal refused afterwards', async () => {
    const browser = new TestBrowser(t.app);
    await signInThroughProvider(browser, ASHA);
    const token = browser.cookie('lp_session')!;
    const out = await browser.request(`${PUBLIC_URL}/api/logout`);
    expect(out.status).toBe(302);
    expect(out.location).toBe('/');
    const cleared = out.setCookies.filter((c) => c.value === '').map((c) => `${c.name} ${c.path}`).sort();
    expect(cleared).toEqual(['lp_admin /', 'lp_member /', 'lp_refresh /api/auth', 'lp_refresh /api/login', 'lp_refresh /api/logout', 'lp_session /']);
    expect(browser.cookie('lp_session')).toBeUndefined();

    expect((await t.app.inject({ url: '/api/auth/user', cookies: { lp_session: token } })).statusCode).toBe(401);
  });

  it('signs in a New learner: a fresh free learner per e-mail, the same one for the same e-mail', async () => {
    const first = new TestBrowser(t.app);
    const { final } = await signInAsNewLearner(first, { name: 'Maya Rao', email: 'maya.signin@demo.test' });
    expect(final.status).toBe(302);
    const maya = (await t.keys.verifier.verifySession(first.cookie('lp_session')!))!;
    expect(maya.role).toBe('learner');
    const me = await t.app.inject({ url: '/api/auth/user', cookies: { lp_session: first.cookie('lp_session')! } });
    expect(me.json()).toMatchObject({ id: maya.sub, email: 'maya.signin@demo.test', firstName: 'Maya', lastName: 'Rao' });
    expect(Object.values(DEMO_USER_IDS)).not.toContain(maya.sub);

    const again = new TestBrowser(t.app);
    await signInAsNewLearner(again, { name: 'Maya Rao', email: 'MAYA.signin@demo.test' });
    expect((await t.keys.verifier.verifySession(again.cookie('lp_session')!))!.sub).toBe(maya.sub);

    const other = new TestBrowser(t.app);
    await signInAsNewLearner(other, { name: 'Kiran', email: 'kiran.signin@demo.test' });
    expect((await t.keys.verifier.verifySession(other.cookie('lp_session')!))!.sub).not.toBe(maya.sub);

    const refused = await signInAsNewLearner(new TestBrowser(t.app), { name: 'Real Person', email: 'someone@gmail.com' });
    expect(refused.final.status).toBe(400);
    expect(refused.final.body).toContain('test domain');
  });

  it('says whether this is the sign-in that created the account ("Welcome") or a later one ("Welcome back")', async () => {
    const first = new TestBrowser(t.app);
    await signInAsNewLearner(first, { name: 'Neha Iyer', email: 'neha.first@demo.test' });
    expect((await userOf(first)).body).toMatchObject({ firstName: 'Neha', firstSignIn: true });

    const later = new TestBrowser(t.app);
    await signInAsNewLearner(later, { name: 'Neha Iyer', email: 'neha.first@demo.test' });
    expect((await userOf(later)).body).toMatchObject({ firstName: 'Neha', firstSignIn: false });
  });
});
