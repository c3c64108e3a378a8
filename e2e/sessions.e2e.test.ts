/**
 * Issue 11: sessions and the edge, against the whole platform. Old cookies replayed after sign-out, after admin
 * sign-out and after a new sign-in are refused by the gateway AND by each service called directly (their own
 * second line); the edge refuses what it should; the browser-facing headers hold and the shell runs under its CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN_PASSWORD, acceptDisclaimerIfShown, signIn, signInAsNewLearner, signOut } from './support/auth.ts';
import { baseUrl, launchBrowser, type LaunchedBrowser } from './support/browser.ts';

let chromium: LaunchedBrowser;
let context: BrowserContext;
beforeAll(async () => {
  chromium = await launchBrowser();
  context = chromium.browser;
});
afterAll(async () => { await chromium?.close(); });

const OBJECT_ID = '64b7f0c2a1b2c3d4e5f60718';
/** One signed-in route of each service (method, path, body), reached through the gateway or directly. */
const USER_ROUTES = [
  { service: 'identity', method: 'GET', path: '/api/auth/session' },
  { service: 'content', method: 'GET', path: `/api/questions/chapter/${OBJECT_ID}` },
  { service: 'study', method: 'GET', path: '/api/sessions/stats' },
  { service: 'study', method: 'GET', path: '/api/subscription/status' },
  { service: 'study', method: 'GET', path: '/api/mistakes/total' },
  { service: 'challenge', method: 'POST', path: '/api/challenges', body: {} },
  { service: 'billing', method: 'GET', path: '/api/payment-status' },
  { service: 'feedback', method: 'POST', path: '/api/feedback', body: {} },
] as const;

/** `IDENTITY_URL`… as `npm test` sets them; the services are reached directly to show their own check. */
const serviceUrl = (service: string) => process.env[`${service.toUpperCase()}_URL`];

async function cookieHeader(ctx: BrowserContext, pathname = '/api/x') {
  const cookies = await ctx.cookies(`${baseUrl()}${pathname}`);
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

async function call(base: string, route: { method: string; path: string; body?: unknown }, cookie: string) {
  const res = await fetch(`${base}${route.path}`, {
    method: route.method,
    headers: { cookie, accept: 'application/json', ...(route.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: route.body !== undefined ? JSON.stringify(route.body) : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  // 0: this service has no such route (yet); a 404 about a missing chapter is the route answering.
  return res.status === 404 && text.includes('"NO_ROUTE"') ? 0 : res.status;
}

/** Every route, through the gateway and (when known) directly at its service: `where → status`. */
async function replay(routes: readonly { service: string; method: string; path: string; body?: unknown }[], cookie: string) {
  const seen: Record<string, number> = {};
  for (const route of routes) {
    seen[`gateway ${route.method} ${route.path}`] = await call(baseUrl(), route, cookie);
    const direct = serviceUrl(route.service);
    if (direct) seen[`${route.service} ${route.method} ${route.path}`] = await call(direct, route, cookie);
  }
  return seen;
}

/**
 * After the end, every call is refused: through the gateway always; directly at a service wherever the service
 * implements the route (some services are still stubs that answer 404 NO_ROUTE to everything: nothing to refuse there, and
 * their guard is the kit's, shown in packages/service-kit/test/revocations.test.ts).
 */
function expectRefused(before: Record<string, number>, after: Record<string, number>, allowed: number[]) {
  const checked: string[] = [];
  for (const [where, status] of Object.entries(after)) {
    if (!where.startsWith('gateway ') && before[where] === 0) continue;
    expect(allowed, `${where} answered ${status}`).toContain(status);
    checked.push(where);
  }
  return checked;
}

async function freshPage(): Promise<Page> {
  await context.clearCookies();
  return context.newPage();
}

describe('sign-out is honoured everywhere', () => {
  it('refuses the old cookies at the gateway and at every service once the learner signs out', async () => {
    const page = await freshPage();
    try {
      await signInAsNewLearner(page, { name: 'Replay Learner' });
      const cookie = await cookieHeader(context);
      const before = await replay(USER_ROUTES, cookie);
      for (const [where, status] of Object.entries(before)) expect(status, where).not.toBe(401);

      await signOut(page);
      // Within a second every process has heard identity.session.ended.
      await new Promise((r) => setTimeout(r, 1_000));
      const after = await replay(USER_ROUTES, cookie);
      const checked = expectRefused(before, after, [401]);
      // identity, content and study implement their routes: their own second line refused too.
      for (const service of ['identity', 'content', 'study']) {
        expect(checked.some((w) => w.startsWith(`${service} `)), `${service} checked directly: ${JSON.stringify({ before, after })}`).toBe(serviceUrl(service) !== undefined);
      }
    } finally {
      await page.close();
    }
  });
});

describe('admin elevation is bound to its sign-in session', () => {
  const adminRoutes = (settings: unknown) => [
    { service: 'study', method: 'POST', path: '/api/admin/revision-settings', body: settings },
    // An empty upload: 400 once past the guards, 403 when the elevation is not valid (the guards run before the
    // body is looked at, at the gateway and in the service alike).
    { service: 'content', method: 'POST', path: '/api/admin/process-raw-json', body: { rawJson: ' ' } },
  ];

  async function elevate(page: Page) {
    await signIn(page, 'owner');
    const res = await page.request.post(`${baseUrl()}/api/admin/verify-password`, { data: { password: DEMO_ADMIN_PASSWORD }, headers: { origin: baseUrl() } });
    expect(res.status()).toBe(200);
    const cookie = await cookieHeader(context);
    const settings = await (await fetch(`${baseUrl()}/api/admin/revision-settings`, { headers: { cookie } })).json();
    return { cookie, routes: adminRoutes({ firstRevisionDays: settings.firstRevisionDays, secondRevisionDays: settings.secondRevisionDays, thirdRevisionDays: settings.thirdRevisionDays }) };
  }

  it('ends with admin sign-out: the old lp_admin cookie writes nowhere', async () => {
    const page = await freshPage();
    try {
      const { cookie, routes } = await elevate(page);
      const before = await replay(routes, cookie);
      expect(Object.values(before).filter((s) => s === 200).length).toBeGreaterThan(0); // revision settings saved
      for (const [where, status] of Object.entries(before)) expect(status, where).not.toBe(403);

      const out = await page.request.post(`${baseUrl()}/api/admin/logout`, { headers: { origin: baseUrl() } });
      expect(out.status()).toBe(200);
      await new Promise((r) => setTimeout(r, 1_000));
      const after = await replay(routes, cookie);
      expect(expectRefused(before, after, [403])).toContain('study POST /api/admin/revision-settings');
      // identity agrees: no elevation.
      expect(await (await fetch(`${baseUrl()}/api/admin/session`, { headers: { cookie } })).json()).toMatchObject({ elevated: false });
    } finally {
      await page.close();
    }
  });

  it('ends with sign-out, and does not carry over to a new sign-in without elevation', async () => {
    const page = await freshPage();
    try {
      const { cookie, routes } = await elevate(page);
      const before = await replay(routes, cookie);
      const adminCookie = cookie.split('; ').find((c) => c.startsWith('lp_admin='))!;
      await signOut(page);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(expectRefused(before, await replay(routes, cookie), [401, 403])).toContain('study POST /api/admin/revision-settings');

      // A new sign-in of the same owner, no password: the old elevation cookie is not this session's.
      await signIn(page, 'owner');
      const newSession = (await cookieHeader(context)).split('; ').filter((c) => !c.startsWith('lp_admin=')).join('; ');
      expect(expectRefused(before, await replay(routes, `${newSession}; ${adminCookie}`), [403])).toContain('study POST /api/admin/revision-settings');
    } finally {
      await page.close();
    }
  });
});

describe('the edge', () => {
  it("answers a visitor's bad POST /api/sessions with 401, not a schema description", async () => {
    const res = await fetch(`${baseUrl()}/api/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"nonsense":true}' });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a state change posted from another origin of the same site', async () => {
    const page = await freshPage();
    try {
      await signIn(page, 'learner');
      const cookie = await cookieHeader(context);
      const res = await fetch(`${baseUrl()}/api/auth/disclaimer/accept`, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-site', origin: 'http://localhost:9999' } });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('CROSS_ORIGIN');
    } finally {
      await page.close();
    }
  });

  it('answers a 2 MB body with 413 every time', async () => {
    const page = await freshPage();
    try {
      await signIn(page, 'learner');
      const cookie = await cookieHeader(context);
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const res = await fetch(`${baseUrl()}/api/sessions`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: `{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}` });
        expect(res.status).toBe(413);
        expect(Date.now() - started).toBeLessThan(5_000);
      }
    } finally {
      await page.close();
    }
  });
});

describe('browser-facing hardening', () => {
  it('runs the shell and a remote under the CSP, which forbids framing and inline scripts', async () => {
    const page = await freshPage();
    const violations: string[] = [];
    page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
    try {
      const res = await page.goto(`${baseUrl()}/`);
      const headers = res!.headers();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBeTruthy();
      await signIn(page, 'learner');
      await page.goto(`${baseUrl()}/dashboard`);
      await acceptDisclaimerIfShown(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
      expect(violations).toEqual([]);

      // A page of another origin cannot frame the signed-in dashboard.
      const framed = await context.newPage();
      await framed.route('http://framing.test/', (route) => route.fulfill({ contentType: 'text/html', body: `<iframe src="${baseUrl()}/dashboard"></iframe>` }));
      await framed.goto('http://framing.test/');
      await framed.waitForTimeout(1_000);
      const frame = framed.frames().find((f) => f.url().startsWith(baseUrl()));
      const text = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
      expect(text).not.toMatch(/dashboard/i);
      await framed.close();
    } finally {
      await page.close();
    }
  });
});
