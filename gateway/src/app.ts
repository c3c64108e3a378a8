// The gateway: the one public origin. It routes `/api/*` to the service that owns each route, checks the
// session cookie, rate-limits, and serves the built shell, the remotes and `/remotes.json`.
import { join } from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_BODY_LIMIT, askIdentity, installDrain, connectPushFeed, connectRevocations, cookieNames, createSessionVerifier, errorBody, loggerOptions, type SessionVerifier } from '@lp/service-kit/edge';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { GetServiceMetrics, GetSliceVersions, OpenPushStream } from '@lp/contracts';
import type { GatewayConfig } from './config';
import { accessGuard, bodyLimitGuard, sameOriginOnly } from './edge';
import { createFastPath } from './fast-path';
import { answered, limitIdle, SOCKET_IDLE_MS } from './idle';
import { ClientConnections } from './connections';
import { proxyTo } from './proxy';
import { instanceUrls, Upstreams, type GateLimits } from './upstreams';
import { createRateLimiter, retryMessage } from './rate-limit';
import { remotesRoute } from './remotes';
import { requestIdOf } from './request-id';
import { traceIdOf } from './trace-id';
import { buildRouteTable, isUpload, type GatewayRoute } from './route-table';
import { SERVICE_WORKER_PATH, securityHeaders } from './security-headers';
import { clearingCookie, sessionCheck } from './session';
import { challengeLinkPreviews } from './link-preview';
import { prerenderedPages } from './prerendered';
import { PushStreams } from './push';
import { historyFallback, pagePath, REMOTE_NAMES, staticFiles } from './static';
import { collectVersions } from './versions';
import { GatewayMetrics } from './gateway-metrics';
import { serveMetrics } from '@lp/service-kit/metrics';
import { OwnerMetrics } from './owner-metrics';
import { packageDirNamed, readSliceVersion } from '@lp/service-kit/version';

export interface GatewayOptions extends GatewayConfig {
  /** Routes to expose; the contracts' routes by default. */
  routes?: readonly GatewayRoute[];
  /** Session verifier; by default one fetching identity's JWKS from `jwksUrl`. */
  verifier?: SessionVerifier;
  /** Fastify logger option; pino at `logLevel` by default. */
  logger?: boolean | object;
  /** The fast path for verified GETs (fast-path.ts); on unless false. Tests turn it off to compare. */
  fastPath?: boolean;
  /** How long a client may stall a body or an answer being streamed (idle.ts); 10 s by default. Tests shorten it. */
  socketIdleMs?: number;
  /** How long an idle keep-alive connection stays open (connections.ts); 72 s by default. Tests shorten it. */
  keepAliveMs?: number;
  /** How often a held push stream gets a heartbeat comment (push.ts); 25 s by default. Tests shorten it. */
  pushHeartbeatMs?: number;
  /** What `/healthz` reports as `version`; by default gateway/package.json's version plus the commit (kit version.ts). */
  version?: string;
  /** The per-service gates' limits (upstreams.ts); tests set small ones to see them refuse. */
  upstreamGate?: GateLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway's own metrics (gateway-metrics.ts). */
    gatewayMetrics: GatewayMetrics;
  }
}

export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const table = buildRouteTable(options.routes);
  const socketIdleMs = options.socketIdleMs ?? SOCKET_IDLE_MS;
  // Longer than the services' own (72 s) is pointless and shorter than a load balancer's (60 s) would race it.
  const connections = new ClientConnections({ idleMs: options.keepAliveMs ?? 72_000 });
  // Requests reach the fast path (fast-path.ts) first; whatever it does not take goes to the Fastify app.
  let fast: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  let fastifyHandler: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  const metrics = new GatewayMetrics();
  const app = Fastify({
    serverFactory: (handler) => {
      fastifyHandler = (req, res) => {
        const started = performance.now();
        limitIdle(req.socket, socketIdleMs);
        const connection = connections.of(req.socket);
        ClientConnections.callStarted(connection);
        res.once('close', () => {
          metrics.record(GatewayMetrics.routeOf(req), req.method!, res.statusCode, started);
          ClientConnections.callEnded(connection);
          if (!connection?.calls) answered(req.socket);
        });
        handler(req, res);
      };
      // A request's headers must arrive within 10 s (checked every 2 s); a new connection that sends nothing at
      // all is closed by the idle limit, armed once per connection (idle.ts).
      const server = createServer({ headersTimeout: 10_000, connectionsCheckingInterval: 2_000 }, (req, res) => {
        if (!fast?.(req, res)) fastifyHandler(req, res);
      });
      server.on('connection', (socket: Socket) => {
        limitIdle(socket, socketIdleMs);
        connections.opened(socket);
      });
      // No timer per answer: idle keep-alive connections are closed by a sweep (connections.ts).
      server.keepAliveTimeout = 0;
      server.requestTimeout = 0; // uploads may stream for a while; idle.ts limits a stalled one
      return server;
    },
    logger: options.logger ?? loggerOptions(options.logLevel),
    // The hot path logs nothing; failures are logged with their request id.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    requestIdHeader: false,
    // No per-request child logger (pino would serialise its bindings on every call); the few lines the
    // gateway logs carry the request id themselves.
    childLoggerFactory: (logger) => logger,
    trustProxy: options.trustProxy,
    // No server-wide socket timeout (connectionTimeout): idle.ts arms one where a client can stall the gateway.
    connectionTimeout: 0,
    requestTimeout: 0,
    return503OnClosing: true,
  });

  app.addHook('onClose', (_app, done) => { connections.close(); done(); });
  // Each call is counted under the route that took it (the raw 'close' listener above records it).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.url !== undefined) GatewayMetrics.label(request.raw, request.routeOptions.url);
    done();
  });
  app.decorate('gatewayMetrics', metrics);
  app.addHook('onClose', async () => metrics.metrics.shutdown());
  if (options.metricsPort) {
    const metricsServer = await serveMetrics(metrics.metrics, options.metricsPort);
    app.addHook('onClose', (_app, done) => { metricsServer.close(() => done()); });
  }

  const cookies = cookieNames(options.production);
  const cookieName = cookies.session;
  // While the NATS feed of ended sessions is cut off, identity is asked (kit auth/session.ts).
  const verifier = options.verifier ?? createSessionVerifier(options.jwksUrl, options.upstreams.identity ? { ended: askIdentity(instanceUrls(options.upstreams.identity)[0]!) } : {});
  // Every gateway replica learns of every ended session (sign-out, revocation, admin sign-out) within a second,
  // and replays the last hour's at start, before it serves anything (kit auth/revocations.ts).
  if (options.natsUrl) {
    const feed = await connectRevocations(options.natsUrl, verifier.revocations, { log: app.log, name: 'gateway' });
    app.addHook('onClose', () => feed.close());
  }
  const pageHeaders = securityHeaders({ production: options.production, devOrigins: options.devOrigins ?? [] });
  const headers = securityHeaders({ production: options.production, kind: 'api' });
  const workerHeaders = securityHeaders({ production: options.production, kind: 'worker' });
  // Push streams (push.ts): fed by one NATS subscription, ended the moment their session ends.
  const push = new PushStreams({ headers, log: app.log, ...(options.pushHeartbeatMs ? { heartbeatMs: options.pushHeartbeatMs } : {}) });
  const stopFollowingEnds = verifier.revocations.onEnded((id) => push.endSession(id));
  // Before the server stops accepting: held streams would otherwise keep the close waiting on them.
  app.addHook('preClose', (done) => { stopFollowingEnds(); push.close(); done(); });
  if (options.natsUrl) {
    const pushFeed = await connectPushFeed(options.natsUrl, (userId, json) => push.deliver(userId, json), { name: 'gateway-push' });
    app.addHook('onClose', () => pushFeed.close());
  }
  app.decorate('pushStreams', push);
  installDrain(app);
  // Gateway-made answers get them here; proxied answers (written raw) get them in write-answer.ts (from proxy.ts and fast-path.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    // The page policy only acts on documents: scripts, styles and images get the short policy (and no
    // document-only headers), about half a KiB less on each of a page's files.
    const type = reply.getHeader('content-type');
    const page = !request.url.startsWith('/api/') && (type === undefined || String(type).startsWith('text/html'));
    const set = page ? pageHeaders : request.url.split('?')[0] === SERVICE_WORKER_PATH ? workerHeaders : headers;
    for (const [name, value] of set) if (!reply.hasHeader(name)) reply.header(name, value);
    if (!page) {
      const traceId = traceIdOf(request.headers);
      if (traceId) reply.header('x-trace-id', traceId);
    }
    done(null, payload);
  });
  const upstreams = new Upstreams(
    Object.fromEntries([...new Set(table.map((r) => r.owner))].map((name) => {
      const url = options.upstreams[name];
      if (!url) throw new Error(`Routes are owned by ${name}, but no URL is configured for it (set ${name.toUpperCase()}_URL).`);
      return [name, url];
    })),
    { connections: options.upstreamConnections, timeoutMs: options.upstreamTimeoutMs, ...(options.upstreamReadyPollMs ? { readyPollMs: options.upstreamReadyPollMs } : {}), ...(options.upstreamGate ? { gate: options.upstreamGate } : {}) },
  );
  app.addHook('onClose', () => upstreams.close());

  app.decorateRequest('verifiedSession', null);
  app.decorateRequest('forwardedCookie', undefined);
  app.decorateRequest('clearSession', false);

  // Bodies are never parsed here: every content type streams through to the service as it came.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ reqId: request.id, err }, 'gateway request failed');
      return reply.status(status).send(errorBody(status, 'Something went wrong in the gateway. Please try again.', 'INTERNAL'));
    }
    return reply.status(status).send(errorBody(status, err.message, err.code));
  });

  // The held push streams are the gateway's one per-client cost that lasts: shown beside liveness for capacity.
  // And which build answers (read once at start), for the owner's diagnostics page.
  const version = options.version ?? readSliceVersion(packageDirNamed('gateway', import.meta.dirname)).version;
  app.get('/healthz', (_request, reply) => { reply.send({ status: 'ok', version, pushStreams: push.size }); });
  // Public (the gateway is the public origin): ready or not, nothing about what runs behind it. Which part is not
  // ready goes to the log, once per change.
  let lastNotReady = '';
  app.get('/readyz', async (_request, reply) => {
    // Leaving (the kit's drain.ts): the balancer in front stops choosing this gateway before it closes.
    if (app.draining) return reply.code(503).send({ status: 'draining' });
    const services = await upstreams.health();
    const parts: Record<string, boolean> = { ...services, ...(options.natsUrl ? { sessionEndsFeed: verifier.revocations.feedConnected } : {}) };
    const notReady = Object.keys(parts).filter((name) => !parts[name]).join(', ');
    if (notReady !== lastNotReady) {
      if (notReady) app.log.warn({ notReady: parts }, `not ready: ${notReady}`);
      else app.log.info({}, 'ready again');
      lastNotReady = notReady;
    }
    return reply.code(notReady ? 503 : 200).send({ status: notReady ? 'not ready' : 'ready' });
  });
  remotesRoute(app, options.remotes, options.remotesFile);

  // /api: the route table, behind the session check and the rate limit (both synchronous on the hot path).
  await app.register(async function apiRoutes(api) {
    api.addHook('onRequest', sessionCheck({ verifier, cookieName, production: options.production }));
    const limiter = createRateLimiter(options.rateLimit);
    // Only without trusted proxies in front: then the client's address is the socket's, as the fast path reads it.
    if (options.trustProxy === false && options.fastPath !== false) {
      fast = createFastPath({ table, upstreams, metrics, verifier, limiter, connections, cookieName, headers, socketIdleMs, timeoutMs: Math.min(options.upstreamJsonTimeoutMs ?? 15_000, options.upstreamTimeoutMs), fallback: (req, res) => fastifyHandler(req, res) });
      app.addHook('preClose', (done) => { fast = undefined; done(); });
    }
    api.addHook('onRequest', (request, reply, done) => {
      const waitMs = limiter.call(request.verifiedSession?.sub, request.ip);
      if (waitMs === 0) return done();
      if (request.clearSession) reply.header('set-cookie', clearingCookie(cookieName, options.production));
      reply.code(429).header('retry-after', String(Math.ceil(waitMs / 1000))).send(errorBody(429, retryMessage(waitMs), 'RATE_LIMITED'));
    });
    api.addHook('onRequest', sameOriginOnly);
    const proxyOptions = { upstreams, cookieName, production: options.production, trustProxy: options.trustProxy !== false, headers, socketIdleMs };
    // Uploads keep the long timeout (the service answers once it has the whole body); everything else the short one.
    const jsonTimeoutMs = Math.min(options.upstreamJsonTimeoutMs ?? 15_000, options.upstreamTimeoutMs);
    const edge = { verifier, cookies, production: options.production };
    for (const route of table) {
      const bodyLimit = route.bodyLimit ?? DEFAULT_BODY_LIMIT;
      const guard = accessGuard(route, edge);
      const onRequest = route.method === 'GET' ? guard : guard ? [bodyLimitGuard(bodyLimit), guard] : bodyLimitGuard(bodyLimit);
      const timeoutMs = isUpload(route, DEFAULT_BODY_LIMIT) ? options.upstreamTimeoutMs : jsonTimeoutMs;
      api.route({ method: route.method, url: route.url, ...(onRequest ? { onRequest } : {}), handler: proxyTo(route.owner, { ...proxyOptions, bodyLimit, timeoutMs, shed: !isUpload(route, DEFAULT_BODY_LIMIT) }) });
    }
    const clearing = clearingCookie(cookieName, options.production);
    // The push stream: the gateway's own route (not proxied), signed-in only, after the session check and rate limit.
    api.get(OpenPushStream.url, (request, reply) => {
      const session = request.verifiedSession;
      if (!session) {
        if (request.clearSession) reply.header('set-cookie', clearing);
        return reply.code(401).send(errorBody(401, 'Sign in to continue.', 'UNAUTHENTICATED'));
      }
      reply.hijack();
      push.open(request.raw, reply.raw, session, request.id);
    });
    // Every slice's version: the gateway's own admin route, behind the same guard as the proxied admin routes.
    const versionsGuard = accessGuard(GetSliceVersions, edge)!;
    api.get(GetSliceVersions.url, { onRequest: versionsGuard }, async () => collectVersions(version, upstreams));
    // The owner's live metrics (owner-metrics.ts), behind the same guard.
    const ownerMetrics = new OwnerMetrics(upstreams, () => metrics.metrics.prometheusText());
    api.get(GetServiceMetrics.url, { onRequest: accessGuard(GetServiceMetrics, edge)! }, async () => ownerMetrics.read());
    api.all('/api/*', (request, reply) => {
      if (request.clearSession) reply.header('set-cookie', clearing);
      reply.code(404).send(errorBody(404, `No route for ${request.method} ${request.url.split('?')[0]}.`, 'NO_ROUTE'));
    });
  });

  // A visitor's first page, prerendered at build time (prerendered.ts): before the static files, which would send
  // `/` as the bare index.html.
  const sendPrerendered = prerenderedPages({
    shellDist: join(options.staticRoot, 'shell', 'dist'),
    remoteDists: REMOTE_NAMES.map((name) => join(options.staticRoot, `mfe-${name}`, 'dist')),
    signInCookies: [cookies.session, cookies.member],
    log: app.log,
    ...(upstreams.names().includes('challenge') ? { preview: challengeLinkPreviews(upstreams) } : {}),
  });
  app.addHook('onRequest', (request, reply, done) => {
    const path = pagePath(request); // not for /api, /remotes or files: those never look at prerendered pages
    if (path === null) return done();
    sendPrerendered(request, reply, path).then((sent) => { if (!sent) done(); }, done);
  });
  const { shellDist } = await staticFiles(app, { staticRoot: options.staticRoot, corsOrigin: options.remotesCorsOrigin, sourceMaps: options.sourceMaps === true });
  const sendShell = historyFallback(shellDist);
  app.setNotFoundHandler((request, reply) => {
    if (sendShell(request, reply)) return reply;
    return reply.code(404).send(errorBody(404, `Not found: ${request.method} ${request.url.split('?')[0]}.`, 'NOT_FOUND'));
  });

  return app;
}
