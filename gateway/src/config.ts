// The gateway's configuration, read once from the environment.
import { dirname, resolve } from 'node:path';
import { parse } from '@lukeed/ms';
import type { ServiceName } from '@lp/contracts';
import { DEFAULT_REMOTES, parseRemotes, pointerFileOf } from './remotes';
import { instanceUrls } from './upstreams';
import { packageDirNamed } from '@lp/service-kit/version';

export const SERVICE_NAMES: readonly ServiceName[] = ['identity', 'content', 'study', 'challenge', 'billing', 'feedback'];

export interface GatewayConfig {
  /** Base URL of each service, e.g. `{ identity: 'http://127.0.0.1:4001' }`; several instances' URLs separated by commas. */
  upstreams: Partial<Record<ServiceName, string>>;
  /** Repository root (or a folder shaped like it): `shell/dist`, `mfe-<name>/dist`. */
  staticRoot: string;
  /** Where identity publishes the session public keys. */
  jwksUrl: string;
  /** NATS, for `identity.session.ended` (ended sessions are refused at once). Null only in tests without NATS. */
  natsUrl: string | null;
  production: boolean;
  logLevel: string;
  /** Per account (else per visitor address), and `ipMax` per address for every call (rate-limit.ts). */
  rateLimit: { max: number; timeWindowMs: number; ipMax?: number };
  /** name → manifest URL, served as `/remotes.json` while the environment's pointer file does not exist. */
  remotes: Record<string, string>;
  /**
   * The environment's pointer file (remotes.ts), written by `npm run release:remote`: REMOTES_FILE, else
   * `<static root>/remotes/remotes.<DEPLOY_ENV>.json` (DEPLOY_ENV: `production` under NODE_ENV=production, else `local`).
   */
  remotesFile?: string;
  /** Allowed origin for `/remotes/*` (CORS). */
  remotesCorsOrigin: string;
  /** Kept-alive connections per upstream service. */
  upstreamConnections: number;
  /** How long a service may take to answer (headers) or stall a body on an upload route, in ms. */
  upstreamTimeoutMs: number;
  /**
   * The same for every other call (JSON, downloads): a stalled service is answered 504 + Retry-After after this
   * long instead of holding the caller for the upload timeout. 15 s by default.
   */
  upstreamJsonTimeoutMs?: number;
  /** A service with several instances: how often each one's /readyz is asked (instances.ts). 500 ms by default. */
  upstreamReadyPollMs?: number;
  /** Trust X-Forwarded-* from a load balancer in front (Fastify `trustProxy`). */
  trustProxy: boolean | string;
  /** Serve `*.map` files (NODE_ENV=development only); they answer 404 otherwise. */
  sourceMaps?: boolean;
  /** Where `GET /metrics` (Prometheus text) is served, apart from the public port; none when unset (GATEWAY_METRICS_PORT). */
  metricsPort?: number;
  /** Outside production: loopback dev server origins the page CSP allows (security-headers.ts). Empty in production. */
  devOrigins?: string[];
}

export function readGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const upstreams: Partial<Record<ServiceName, string>> = {};
  SERVICE_NAMES.forEach((name, i) => {
    upstreams[name] = env[`${name.toUpperCase()}_URL`] ?? `http://127.0.0.1:${4001 + i}`;
  });
  // Several instances of identity: its keys are the same on each, the first is asked.
  const identityUrl = instanceUrls(upstreams.identity!)[0]!;
  const production = env.NODE_ENV === 'production';
  const remotes = env.REMOTES_JSON ? parseRemotes(env.REMOTES_JSON, 'REMOTES_JSON') : DEFAULT_REMOTES;
  const staticRoot = resolve(env.STATIC_ROOT ?? dirname(packageDirNamed('gateway', import.meta.dirname)));
  return {
    upstreams,
    staticRoot,
    jwksUrl: env.SESSION_JWKS_URL ?? `${identityUrl}/.well-known/jwks.json`,
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    production,
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimit: rateLimit(env),
    remotes,
    remotesFile: env.REMOTES_FILE ? resolve(env.REMOTES_FILE) : pointerFileOf(staticRoot, deployEnvironment(env)),
    remotesCorsOrigin: env.REMOTES_CORS_ORIGIN ?? '*',
    upstreamConnections: positiveInt(env.GATEWAY_UPSTREAM_CONNECTIONS, 128, 'GATEWAY_UPSTREAM_CONNECTIONS'),
    upstreamTimeoutMs: positiveInt(env.GATEWAY_UPSTREAM_TIMEOUT_MS, 120_000, 'GATEWAY_UPSTREAM_TIMEOUT_MS'),
    upstreamJsonTimeoutMs: positiveInt(env.GATEWAY_UPSTREAM_JSON_TIMEOUT_MS, 15_000, 'GATEWAY_UPSTREAM_JSON_TIMEOUT_MS'),
    upstreamReadyPollMs: positiveInt(env.GATEWAY_UPSTREAM_READY_POLL_MS, 500, 'GATEWAY_UPSTREAM_READY_POLL_MS'),
    trustProxy: env.GATEWAY_TRUST_PROXY === 'true' ? true : env.GATEWAY_TRUST_PROXY || false,
    devOrigins: production ? [] : devOrigins(env.GATEWAY_DEV_ORIGINS, remotes),
    sourceMaps: env.NODE_ENV === 'development',
    ...(env.GATEWAY_METRICS_PORT ? { metricsPort: positiveInt(env.GATEWAY_METRICS_PORT, 9464, 'GATEWAY_METRICS_PORT') } : {}), // gateway-metrics.ts
  };
}

/** Which environment's remotes pointer applies: DEPLOY_ENV (`local`, `staging`, `production`). */
export function deployEnvironment(env: NodeJS.ProcessEnv): string {
  const name = env.DEPLOY_ENV || (env.NODE_ENV === 'production' ? 'production' : 'local');
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`DEPLOY_ENV must be a lower-case name such as local, staging or production, got "${name}".`);
  return name;
}

/**
 * The dev servers a developer configured: `GATEWAY_DEV_ORIGINS` (`http://127.0.0.1:3001, http://127.0.0.1:3003`)
 * and the origin of every loopback manifest in REMOTES_JSON. Only loopback http(s) origins: anything else is a
 * start-up error, so a typo cannot open the page to a remote host.
 */
export function devOrigins(list: string | undefined, remotes: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const entry of (list ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const origin = loopbackOrigin(entry);
    if (!origin) throw new Error(`GATEWAY_DEV_ORIGINS: "${entry}" is not a loopback http origin such as http://127.0.0.1:3001.`);
    origins.add(origin);
  }
  for (const url of Object.values(remotes)) {
    const origin = loopbackOrigin(url);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

function loopbackOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return loopback && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : undefined;
}

function rateLimit(env: NodeJS.ProcessEnv): GatewayConfig['rateLimit'] {
  const max = positiveInt(env.GATEWAY_RATE_LIMIT_MAX, 1200, 'GATEWAY_RATE_LIMIT_MAX');
  const ipMax = positiveInt(env.GATEWAY_RATE_LIMIT_IP_MAX, max * 10, 'GATEWAY_RATE_LIMIT_IP_MAX');
  if (ipMax < max) throw new Error(`GATEWAY_RATE_LIMIT_IP_MAX (${ipMax}) is the ceiling per address above the per-account GATEWAY_RATE_LIMIT_MAX (${max}); it cannot be lower.`);
  return { max, ipMax, timeWindowMs: timeWindow(env.GATEWAY_RATE_LIMIT_WINDOW) };
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}".`);
  return n;
}

/** Milliseconds as a number (`60000`) or a duration (`10 seconds`, `1 minute`, `1h`). */
function timeWindow(value: string | undefined): number {
  if (value === undefined || value === '') return 60_000;
  const ms = /^\d+$/.test(value) ? Number(value) : parse(value);
  if (!ms || !Number.isFinite(ms) || ms < 1000) {
    throw new Error(`GATEWAY_RATE_LIMIT_WINDOW must be at least one second, as milliseconds (60000) or a duration (1 minute), got "${value}".`);
  }
  return ms;
}
