/**
 * The authorization matrix: every route of `@lp/contracts` × {visitor, free learner, subscriber, owner, owner with
 * admin elevation}, through the gateway, against the status its contract implies. The expectation follows from the
 * route's `access` (public / user / owner / admin) plus the explicit domain rules below; a contract route without a
 * row here fails the test, so a new route cannot ship without someone deciding who may call it.
 *
 * Nothing real is changed: bodies are `{}` (the access check runs before validation, at the gateway and in the kit,
 * so an allowed caller gets the schema's 400 and a refused one its 401/403), path parameters name ids that do not
 * exist, and the two calls that end a session or an elevation run last. "Allowed" is asserted as "not 401/403"
 * where the answer depends on data (400, 404, 409…); "refused" as the exact 401 or 403.
 */
import { OpenPushStream, routes, type RouteContract } from '@lp/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, signInNewLearner } from '../deploy/local/sign-in.mjs';
import { DEMO_ADMIN_PASSWORD } from './support/auth';
import { baseUrl } from './support/browser';

/** The contracts' routes, and the gateway's own push stream (not in `routes`: no service owns it). */
const ALL_ROUTES = [...(routes as readonly RouteContract[]), OpenPushStream as unknown as RouteContract];

const ROLES = ['visitor', 'learner', 'subscriber', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Row {
  /** Statuses a role gets instead of the access level's answer (a domain rule), e.g. subscription-only. */
  domain?: Partial<Record<Role, readonly number[]>>;
  /** Ends the caller's elevation (1) or session (2): run after every other call, in that order. */
  last?: 1 | 2;
  /** The body to send when `{}` would not be refused by the schema (and so could change something). */
  body?: unknown;
}

/** Every statuses a refused caller may never get, whatever the route answers otherwise. */
const REFUSED = [401, 403];
const NO_REFRESH_COOKIE = { visitor: [401], learner: [401], subscriber: [401], owner: [401], admin: [401] } as const;
/**
 * Product spec §1: "a paid yearly premium subscription gives full chapter and topic quizzes, progress, revision,
 * mistake review, friend challenges"; a free learner is refused with 403 NOT_ENTITLED where the refusal does not
 * depend on data (with `{}` bodies and unknown ids the others answer 400/404 first).
 */
const SUBSCRIBERS_ONLY = { learner: [403] } as const;
/** The webhooks are public (payment providers call them); an unsigned body is refused by its signature check. */
const UNSIGNED_WEBHOOK = { visitor: [400, 401], learner: [400, 401], subscriber: [400, 401], owner: [400, 401], admin: [400, 401] } as const;

/** One row per contract route: `METHOD url`. */
const EXPECTED: Record<string, Row> = {
  'GET /api/login': {},
  'GET /api/login/callback': {},
  'GET /api/logout': { last: 2 },
  'GET /api/auth/user': {},
  'GET /api/auth/session': {},
  // The calls here carry the session (and elevation) cookies only, never the refresh cookie: renewal is refused.
  'POST /api/auth/refresh': { domain: NO_REFRESH_COOKIE },
  'POST /api/user/class': {},
  'POST /api/user/subject': {},
  'POST /api/user/untimed': {},
  'POST /api/user/language': {},
  'GET /api/users/search': {},
  'GET /api/auth/disclaimer/status': {},
  'POST /api/auth/disclaimer/accept': {},
  'POST /api/admin/verify-password': {},
  'GET /api/admin/session': {},
  'POST /api/admin/logout': { last: 1 },
  'GET /api/subjects/with-chapters': {},
  'GET /api/chapters/:id': {},
  'GET /api/chapters/:id/topics': {},
  'GET /api/topics/:id': {},
  'GET /api/topics/:id/with-questions': {},
  'GET /api/questions/chapter/:id': {},
  'GET /api/questions/sample/:chapterId': {},
  'GET /api/downloads': {},
  'GET /api/download/:filename': {},
  'POST /api/admin/process-raw-json': {},
  'POST /api/admin/process-guided-form': {},
  'POST /api/admin/process-pdf': {},
  'GET /api/admin/pdf-jobs/:id': {},
  'POST /api/admin/upload': {},
  'POST /api/admin/process-multiple-files': {},
  'POST /api/admin/upload-processed-content': {},
  'POST /api/questions/:id/flag': {},
  'GET /api/question-flags/notices': {},
  'POST /api/question-flags/notices/seen': {},
  'GET /api/admin/question-flags': {},
  'POST /api/admin/question-flags/:id/correct': {},
  'POST /api/admin/question-flags/:id/retire': {},
  'POST /api/admin/question-flags/:id/dismiss': {},
  'POST /api/sessions': {},
  'PATCH /api/sessions/:id': {},
  'PATCH /api/sessions/:id/pause': {},
  'PATCH /api/sessions/:id/resume': {},
  'DELETE /api/sessions/:id': {},
  'GET /api/sessions/:id': {},
  'GET /api/sessions/:id/incorrect-questions': {},
  'GET /api/sessions/paused': {},
  'GET /api/sessions/stats': {},
  'GET /api/sessions/continue': {},
  'GET /api/exam-dates': {},
  'PUT /api/exam-dates/:subjectId': {},
  'GET /api/review-schedule': {},
  'GET /api/recall': {},
  'GET /api/study-days': {},
  'POST /api/answers': {},
  'GET /api/mistakes/questions/:chapterId': { domain: SUBSCRIBERS_ONLY },
  'GET /api/mistakes/subject/:subjectId': { domain: SUBSCRIBERS_ONLY },
  'DELETE /api/mistakes/chapter/:chapterId': {},
  'GET /api/mistakes/by-chapter': {},
  'GET /api/mistakes/total': {},
  'POST /api/chapters/progress/batch': {},
  'GET /api/chapter/progress': {},
  'GET /api/chapter/history': {},
  'GET /api/admin/revision-settings': {},
  'POST /api/admin/revision-settings': {},
  'GET /api/questions/review': { domain: SUBSCRIBERS_ONLY },
  'GET /api/subscription/status': {},
  'POST /api/challenges': {},
  'GET /api/challenges/mine': {},
  'GET /api/challenges/:id': {},
  'POST /api/challenges/:id/accept': {},
  'GET /api/challenges/token/:token': {},
  'POST /api/challenges/token/:token/attempts': {},
  'POST /api/challenges/token/:token/attempts/:attemptId/answers': {},
  'POST /api/challenges/token/:token/attempts/:attemptId/finish': {},
  'GET /api/challenges/token/:token/question/:id/answer': {},
  'POST /api/challenges/attempts/:attemptId/claim': {},
  'POST /api/challenges/attempts/:attemptId/challenge-back': {},
  'POST /api/create-subscription-payment': {},
  'POST /api/process-subscription-payment': {},
  'POST /api/paypal/order': {},
  'POST /api/paypal/order/:id/capture': {},
  'GET /api/paypal/setup': {},
  'POST /api/razorpay/create-order': {},
  'POST /api/razorpay/verify-payment': {},
  'POST /api/process-razorpay-payment': {},
  'GET /api/payment-status': {},
  'GET /api/refund': {},
  'POST /api/refund': {},
  'POST /api/webhooks/razorpay': { domain: UNSIGNED_WEBHOOK },
  'POST /api/webhooks/paypal': { domain: UNSIGNED_WEBHOOK },
  'POST /api/feedback': {},
  'GET /api/feedback/mine': {},
  'GET /api/feedback/mine/:ticketNumber': {},
  'GET /api/admin/feedback': {},
  'GET /api/admin/feedback/:ticketNumber': {},
  'GET /api/admin/feedback/:ticketNumber/attachment': {},
  'POST /api/admin/feedback/:ticketNumber/replies': {},
  'GET /api/feedback/notices': {},
  'POST /api/feedback/notices/seen': {},
  'GET /api/events': {},
};

interface Refusal { status: number; code: string }

/** What the access level alone implies: the exact refusal, or null for "allowed" (anything but 401/403). */
function byAccess(access: RouteContract['access'], role: Role): Refusal | null {
  if (access === 'public') return null;
  if (role === 'visitor') return { status: 401, code: 'UNAUTHENTICATED' };
  if (access === 'user') return null;
  if (role === 'learner' || role === 'subscriber') return { status: 403, code: 'FORBIDDEN' };
  if (access === 'owner' || role === 'admin') return null;
  return { status: 403, code: 'ADMIN_ELEVATION_REQUIRED' }; // the owner without the elevation
}

/** A value for a path parameter that matches its schema and names nothing that exists. */
function nonexistent(schema: { pattern?: string; type?: string } | undefined): string {
  const candidates = ['000000000000000000000000', '0'.repeat(32), '00000000-0000-4000-8000-000000000000', '999999', 'nonexistent-0000', 'zzzzzzzzzzzz', 'nonexistent.pdf'];
  if (!schema?.pattern) return candidates[0]!;
  const pattern = new RegExp(schema.pattern);
  return candidates.find((c) => pattern.test(c)) ?? candidates[0]!;
}

function concreteUrl(route: RouteContract): string {
  const params = (route.params as { properties?: Record<string, { pattern?: string }> } | undefined)?.properties ?? {};
  return route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(nonexistent(params[name])));
}

const cookies: Record<Role, string> = { visitor: '', learner: '', subscriber: '', owner: '', admin: '' };

/** Only the session and admin cookies (see POST /api/auth/refresh above). */
function sessionCookies(jar: string): string {
  return jar.split('; ').filter((c) => /^(?:__Host-)?lp_(?:session|admin)=/.test(c)).join('; ');
}

async function elevate(ownerCookie: string): Promise<string> {
  const res = await fetch(new URL('/api/admin/verify-password', baseUrl()), {
    method: 'POST', headers: { cookie: ownerCookie, 'content-type': 'application/json' }, body: JSON.stringify({ password: DEMO_ADMIN_PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const admin = res.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => /lp_admin=./.test(c));
  expect(admin).toHaveLength(1);
  return `${ownerCookie}; ${admin[0]}`;
}

beforeAll(async () => {
  const base = baseUrl();
  const [learner, subscriber, owner, elevatedOwner] = await Promise.all([
    signInNewLearner(base, { name: 'Matrix Learner', email: `matrix-${Date.now().toString(36)}@demo.test` }),
    signInDemo(base, 'demo-subscriber'),
    signInDemo(base, 'demo-owner'),
    signInDemo(base, 'demo-owner'),
  ]);
  cookies.learner = sessionCookies(learner);
  cookies.subscriber = sessionCookies(subscriber);
  cookies.owner = sessionCookies(owner);
  cookies.admin = await elevate(sessionCookies(elevatedOwner));
});

interface Call { key: string; route: RouteContract; role: Role; row: Row }

/** Gateway answers that would mean the call never met the route's access rules at all. */
const NOT_AN_ANSWER = new Set(['NO_ROUTE', 'CROSS_ORIGIN', 'RATE_LIMITED']);

async function send({ route, role, row }: Call): Promise<{ status: number; code: string | undefined }> {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const headers: Record<string, string> = { accept: 'application/json', ...(cookies[role] ? { cookie: cookies[role] } : {}) };
  if (hasBody) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(concreteUrl(route), baseUrl()), {
    method: route.method, headers, redirect: 'manual', ...(hasBody ? { body: JSON.stringify(row.body ?? {}) } : {}),
  });
  // A push stream is held open: its status is all this needs.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, code: undefined };
  }
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined; // a redirect, a page
  }
  return { status: res.status, code };
}

/** `n` at a time, in order. */
async function inPool<T, R>(items: readonly T[], n: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await run(items[i]!);
    }
  }));
  return out;
}

describe('the authorization matrix', () => {
  it('has exactly one row per contract route', () => {
    const keys = ALL_ROUTES.map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((k) => !(k in EXPECTED)), 'contract routes without a row in EXPECTED: decide who may call them').toEqual([]);
    expect(Object.keys(EXPECTED).filter((k) => !keys.includes(k)), 'rows for routes the contracts no longer have').toEqual([]);
  });

  it('answers every route for every role as its access level and domain rules say', async () => {
    const calls: Call[] = [];
    for (const route of ALL_ROUTES) {
      const key = `${route.method} ${route.url}`;
      const row = EXPECTED[key];
      if (!row) continue; // the test above names it
      for (const role of ROLES) calls.push({ key, route, role, row });
    }
    const first = calls.filter((c) => !c.row.last);
    const last = calls.filter((c) => c.row.last).sort((a, b) => a.row.last! - b.row.last!);
    const answers = [...await inPool(first, 8, send), ...await inPool(last, 1, send)];
    const wrong: string[] = [];
    [...first, ...last].forEach((call, i) => {
      const { status, code } = answers[i]!;
      const domain = call.row.domain?.[call.role];
      const refusal = domain ? null : byAccess(call.route.access, call.role);
      const ok = !NOT_AN_ANSWER.has(code ?? '') && (
        domain ? domain.includes(status)
          : refusal ? refusal.status === status && refusal.code === code
            : !REFUSED.includes(status) && status < 500);
      const wanted = domain ? domain.join(' or ') : refusal ? `${refusal.status} ${refusal.code}` : 'allowed (not 401/403, not 5xx)';
      if (!ok) wrong.push(`${call.key} as ${call.role}: ${status} ${code ?? ''}, expected ${wanted}`);
      if (process.env.E2E_MATRIX_PRINT) console.log(`${call.key.padEnd(62)} ${call.role.padEnd(10)} ${status} ${code ?? ''}`);
    });
    expect(wrong).toEqual([]);
  });
});
