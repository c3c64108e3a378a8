// Test helpers: identity built on the real FerretDB and NATS with a test key and a movable clock, sessions made
// directly in its database, and a small browser that follows the sign-in redirects with a cookie jar.
import { cookieNames, type ServiceApp } from '@lp/service-kit';
import { createServiceHarness, movableClock, uniqueDbName, type MovableClock, type TestKeys } from '@lp/service-kit/testing';
import { exportJWK } from 'jose';
import { createIdentityService } from '../../src/app';
import { readIdentityConfig } from '../../src/config';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../src/domain/demo-accounts';
import { SessionsRepository } from '../../src/repositories/sessions';
import { UsersRepository } from '../../src/repositories/users';

export const PUBLIC_URL = 'http://127.0.0.1:18080';
export const [ASHA, RAVI, OWNER] = DEMO_ACCOUNTS as [DemoAccount, DemoAccount, DemoAccount];

export interface TestIdentity {
  app: ServiceApp;
  keys: TestKeys;
  clock: MovableClock;
  env: NodeJS.ProcessEnv;
  dbName: string;
  names: { session: string; refresh: string; admin: string };
}

/**
 * identity with the local provider on a free port, a throwaway database and the test key as its signing key. Untagged
 * (tag ''), as in production: its consumer is one durable shared by the instances of a test.
 */
export async function buildIdentity({ env = {}, clock = movableClock(), dbName = uniqueDbName('identity'), keys }: { env?: NodeJS.ProcessEnv; clock?: MovableClock; dbName?: string; keys?: TestKeys } = {}): Promise<TestIdentity> {
  const kit = await createServiceHarness({ keys, tag: '' });
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'test', OIDC_PORT: '0', PUBLIC_URL, SESSION_SIGNING_JWK: JSON.stringify(await exportJWK(kit.keys.privateKey)),
    GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '', ADMIN_PASSWORD_HASH: '', ...env,
  };
  const production = fullEnv.NODE_ENV === 'production';
  const app = await kit.build(createIdentityService({ env: fullEnv, clock: clock.read }), { dbName, config: { production } });
  return { app, keys: kit.keys, clock, env: fullEnv, dbName, names: cookieNames(production) };
}

/** The kit's test signer types `sid` as a UUID; identity's session ids are opaque strings. */
export const sidOf = (sid: string) => sid as `${string}-${string}-${string}-${string}-${string}`;

export interface TestSession {
  userId: string;
  sid: string;
  createdAt: Date;
  token: string;
  refresh: string;
  cookies: Record<string, string>;
}

/** A session for `account` made directly in identity's database (the full flow is tested in test/auth/sign-in.test.ts). */
export async function sessionFor(t: TestIdentity, account: Pick<DemoAccount, 'userId' | 'role'>): Promise<TestSession> {
  const sessions = new SessionsRepository(t.app.db, readIdentityConfig(t.env).session, t.clock.read);
  const { session, refreshToken } = await sessions.start(account.userId);
  const token = await t.keys.session(account.userId, account.role, { sid: sidOf(session._id) });
  return { userId: account.userId, sid: session._id, createdAt: session.createdAt, token, refresh: refreshToken, cookies: { [t.names.session]: token, [t.names.refresh]: refreshToken } };
}

/** Another user (for search and rate limits). */
export async function addUser(t: TestIdentity, user: { subject: string; email: string; firstName: string; lastName: string; role?: 'learner' | 'owner' }) {
  const users = new UsersRepository(t.app.db, t.clock.read);
  const doc = await users.upsert({
    provider: 'google', subject: user.subject, role: user.role ?? 'learner',
    profile: { email: user.email, firstName: user.firstName, lastName: user.lastName, profileImageUrl: 'https://example.com/p.png' },
  });
  return { userId: doc._id.toHexString(), role: doc.role };
}

export interface SetCookie {
  name: string;
  value: string;
  path: string;
  maxAge?: number;
  expires?: Date;
  attributes: string[];
}

export function parseSetCookie(header: string): SetCookie {
  const [pair, ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair!.indexOf('=');
  const cookie: SetCookie = { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), path: '/', attributes: attrs.map((a) => a.toLowerCase()) };
  for (const attr of attrs) {
    const [k, v] = attr.split('=') as [string, string | undefined];
    if (k.toLowerCase() === 'path') cookie.path = v ?? '/';
    if (k.toLowerCase() === 'max-age') cookie.maxAge = Number(v);
    if (k.toLowerCase() === 'expires') cookie.expires = new Date(v!);
  }
  return cookie;
}

export const setCookies = (headers: Record<string, unknown>): SetCookie[] => {
  const raw = headers['set-cookie'];
  return (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).map((h) => parseSetCookie(String(h)));
};

export interface BrowserResponse {
  status: number;
  url: string;
  location?: string;
  body: string;
  setCookies: SetCookie[];
}

/**
 * A browser stand-in: one cookie jar for 127.0.0.1 (cookies do not separate ports), `PUBLIC_URL` answered by the
 * app through inject (the gateway forwards /api/* as is), anything else (the local provider) over real HTTP.
 */
export class TestBrowser {
  readonly jar = new Map<string, SetCookie>();

  constructor(private readonly app: ServiceApp) {}

  cookie(name: string, path = '/'): string | undefined {
    return this.jar.get(`${name};${path}`)?.value;
  }

  private cookieHeader(url: URL): string {
    const matches = [...this.jar.values()].filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`));
    matches.sort((a, b) => b.path.length - a.path.length);
    return matches.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  private keep(cookies: SetCookie[]) {
    for (const c of cookies) {
      const key = `${c.name};${c.path}`;
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '') this.jar.delete(key);
      else this.jar.set(key, c);
    }
  }

  async request(url: string, { method = 'GET', form }: { method?: string; form?: Record<string, string> } = {}): Promise<BrowserResponse> {
    const target = new URL(url);
    const headers: Record<string, string> = { accept: 'text/html' };
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    const body = form ? new URLSearchParams(form).toString() : undefined;
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    let response: BrowserResponse;
    if (url.startsWith(PUBLIC_URL)) {
      const res = await this.app.inject({ method: method as 'GET', url: target.pathname + target.search, headers, ...(body ? { payload: body } : {}) });
      response = { status: res.statusCode, url, location: res.headers.location as string | undefined, body: res.body, setCookies: setCookies(res.headers) };
    } else {
      const res = await fetch(url, { method, headers, body, redirect: 'manual' });
      response = { status: res.status, url, location: res.headers.get('location') ?? undefined, body: await res.text(), setCookies: res.headers.getSetCookie().map(parseSetCookie) };
    }
    this.keep(response.setCookies);
    return response;
  }

  /** Follows redirects as a browser does (a 303, or a 302 after POST, becomes a GET); stops at the app's pages. */
  async navigate(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ final: BrowserResponse; visited: BrowserResponse[] }> {
    const visited: BrowserResponse[] = [];
    let response = await this.request(url, init);
    visited.push(response);
    for (let hops = 0; response.location && response.status >= 300 && response.status < 400; hops++) {
      if (hops > 20) throw new Error('too many redirects');
      const next = new URL(response.location, response.url).toString();
      // A page of the app (not /api): the gateway would serve the shell there; the navigation ends here.
      if (next.startsWith(PUBLIC_URL) && !next.startsWith(`${PUBLIC_URL}/api/`)) break;
      response = await this.request(next);
      visited.push(response);
    }
    return { final: response, visited };
  }
}

/** The full sign-in through the local provider, choosing `account` on its page. */
export async function signInThroughProvider(browser: TestBrowser, account: DemoAccount, returnTo?: string) {
  const start = await browser.navigate(`${PUBLIC_URL}/api/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
  const page = start.final;
  if (page.status !== 200) throw new Error(`the provider's sign-in page answered ${page.status}: ${page.body.slice(0, 200)}`);
  const action = /<form method="post" action="([^"]+\/login)"/.exec(page.body)?.[1];
  if (!action) throw new Error('no login form on the provider page');
  const done = await browser.navigate(new URL(action, page.url).toString(), { method: 'POST', form: { account: account.subject } });
  return { page, start, done };
}

/** "New learner" on the local provider's page: a name and a test e-mail. */
export async function signInAsNewLearner(browser: TestBrowser, learner: { name: string; email: string }) {
  const start = await browser.navigate(`${PUBLIC_URL}/api/login`);
  const page = start.final;
  const action = /<form method="post" action="([^"]+\/login)" class="new-learner"/.exec(page.body)?.[1];
  if (!action) throw new Error('no New learner form on the provider page');
  return browser.navigate(new URL(action, page.url).toString(), { method: 'POST', form: { account: 'new-learner', name: learner.name, email: learner.email } });
}
