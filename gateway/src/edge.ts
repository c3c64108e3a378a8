// What the gateway refuses itself, before a body is read or a service is asked. The services keep their own
// checks as the second line; these make the answer right and cheap at the edge:
//   - a `user`, `owner` or `admin` route without a live session: 401 (a visitor's bad body never meets a schema);
//   - an `admin` route without the owner role and an elevation granted in this same session: 403;
//   - a state-changing call from another origin (even another origin of the same site): 403;
//   - a declared body over the route's limit: 413, and the connection is closed.
import { errorBody, type SessionVerifier } from '@lp/service-kit/edge';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { GatewayRoute } from './route-table';
import { clearingCookie, readCookie } from './session';

type Done = (err?: Error) => void;

export interface EdgeOptions {
  verifier: SessionVerifier;
  cookies: { session: string; admin: string; refresh: string };
  production: boolean;
}

/**
 * `GET /api/auth/user` renews an expired session token from the refresh cookie (identity reads it there, on the
 * refresh cookie's path), so a caller holding only that cookie is let through to identity.
 */
const RENEWS_FROM_REFRESH_COOKIE = new Set(['GET /api/auth/user']);

/** The `onRequest` guard of one route, from its access level. Undefined for public routes. */
export function accessGuard(route: Pick<GatewayRoute, 'method' | 'url' | 'access'>, { verifier, cookies, production }: EdgeOptions): onRequestHookHandler | undefined {
  const access = route.access ?? 'public';
  if (access === 'public') return undefined;
  const clearing = clearingCookie(cookies.session, production);
  const refreshPrefix = `${cookies.refresh}=`;
  const adminPrefix = `${cookies.admin}=`;
  const renews = RENEWS_FROM_REFRESH_COOKIE.has(`${route.method} ${route.url}`);

  function refuse(request: FastifyRequest, reply: FastifyReply, status: number, message: string, code: string) {
    if (request.clearSession) reply.header('set-cookie', clearing);
    reply.code(status).send(errorBody(status, message, code));
  }

  return function guard(request: FastifyRequest, reply: FastifyReply, done: Done) {
    const session = request.verifiedSession;
    if (!session) {
      if (renews && request.headers.cookie?.includes(refreshPrefix)) return done();
      return refuse(request, reply, 401, 'Sign in to continue.', 'UNAUTHENTICATED');
    }
    if (access === 'user') return done();
    if (session.role !== 'owner') return refuse(request, reply, 403, 'Only the owner can do this.', 'FORBIDDEN');
    if (access === 'owner') return done();
    // admin: the elevation must be this session's, and not ended (the verifier consults the revocation list).
    const token = request.headers.cookie ? readCookie(request.headers.cookie, adminPrefix) : undefined;
    if (!token) return refuse(request, reply, 403, ELEVATION_MESSAGE, 'ADMIN_ELEVATION_REQUIRED');
    verifier.verifyAdmin(token).then((admin) => {
      if (admin && admin.sub === session.sub && admin.sid === session.sid) return done();
      refuse(request, reply, 403, ELEVATION_MESSAGE, 'ADMIN_ELEVATION_REQUIRED');
    }, done);
  };
}

const ELEVATION_MESSAGE = 'Admin access has expired or was never granted. Enter the admin password again.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing call that a page of another origin made the browser send with the learner's cookies
 * (a form or fetch from another site, or from another origin of this site, which SameSite=Lax lets through).
 * Browsers say where a call comes from in `Sec-Fetch-Site`; older ones only in `Origin`. A call with neither
 * (a server: payment webhooks, curl) is not a browser carrying someone's cookies, and passes.
 */
export function sameOriginOnly(request: FastifyRequest, reply: FastifyReply, done: Done) {
  if (SAFE_METHODS.has(request.method)) return done();
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const allowed = site !== undefined
    ? site === 'same-origin' || site === 'none'
    : origin === undefined || sameHost(origin, request.host);
  if (allowed) return done();
  reply.code(403).send(errorBody(403, 'This request came from another site, so it was refused. Use the app itself to do this.', 'CROSS_ORIGIN'));
}

/**
 * The Origin names this host. The scheme is not compared: behind a TLS-terminating load balancer the gateway may
 * see http while the page is https (and a browser never lets an https page post to an http origin anyway).
 */
function sameHost(origin: string, host: string): boolean {
  const scheme = origin.startsWith('https://') ? 8 : origin.startsWith('http://') ? 7 : 0;
  return scheme > 0 && origin.slice(scheme) === host;
}

/** The answer to a body over the limit: 413, and the connection closed (the rest of the body is not wanted). */
export function refuseTooLarge(request: FastifyRequest, reply: FastifyReply, limit: number) {
  closeAfterAnswer(request, reply);
  reply.code(413).send(errorBody(413, `The request body is larger than ${formatBytes(limit)}, which is the most this call accepts.`, 'BODY_TOO_LARGE'));
}

/** `onRequest`: a declared Content-Length over the route's limit is refused before a byte of the body is read. */
export function bodyLimitGuard(limit: number): onRequestHookHandler {
  return function checkLength(request, reply, done) {
    const length = request.headers['content-length'];
    if (length === undefined || Number(length) <= limit) return done();
    refuseTooLarge(request, reply, limit);
  };
}

/**
 * Node would otherwise keep reading (and discarding) the rest of an unwanted body and keep the socket for the
 * next request. `Connection: close` ends it after the answer; a client that keeps sending anyway is cut off a
 * moment later, so the answer has time to arrive first.
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply) {
  reply.header('connection', 'close');
  const socket = request.raw.socket as typeof request.raw.socket | null;
  if (!socket) return;
  reply.raw.once('finish', () => {
    socket.end();
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
}

function formatBytes(n: number): string {
  return n % 1_048_576 === 0 ? `${n / 1_048_576} MB` : n % 1024 === 0 ? `${n / 1024} KB` : `${n} bytes`;
}
