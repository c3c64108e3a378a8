import { LONGEST_TOKEN_SECONDS, readTrustedProxies, type TrustCheck } from '@lp/service-kit';

// svc-identity's own configuration, read from the environment once at start. The service kit reads the
// shared part (MONGODB_URI, NATS_URL, NODE_ENV...); this is what only identity needs.

export interface IdentityConfig {
  production: boolean;
  /** The public origin the browser uses (the gateway); the provider's callback is `${publicUrl}/api/login/callback`. */
  publicUrl: string;
  /** Google's OAuth client, when configured; otherwise the local OpenID provider with demo accounts runs. */
  google: { clientId: string; clientSecret: string } | null;
  /** Port of the local OpenID provider (0: any free port, used by tests). */
  oidcPort: number;
  /** Lets the local demo provider run with NODE_ENV=production (a public demo); refused otherwise. */
  allowDemoSignInInProduction: boolean;
  /** E-mail addresses (lower case) that get the owner role when they sign in with a verified Google address. */
  ownerEmails: ReadonlySet<string>;
  session: SessionLimits;
  /** `scrypt$N$r$p$saltB64$hashB64`, or undefined when not configured. */
  adminPasswordHash: string | undefined;
  /** Addresses (or CIDRs) of the proxies whose X-Forwarded-For identity believes: the gateway (and a load balancer). */
  trustedProxies: TrustCheck;
}

export interface SessionLimits {
  /** Lifetime of one session JWT, in seconds. */
  tokenTtlSeconds: number;
  /** A session with no renewal or identity call for this long is over. */
  idleTimeoutSeconds: number;
  /** A session is over this long after sign-in, whatever its activity. */
  absoluteTimeoutSeconds: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  tokenTtlSeconds: 10 * 60,
  idleTimeoutSeconds: 2 * 3600,
  absoluteTimeoutSeconds: 7 * 24 * 3600,
};

export function readIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const production = env.NODE_ENV === 'production';
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new Error('Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET for Google sign-in, or neither for the local demo provider.');
  }
  const session: SessionLimits = {
    tokenTtlSeconds: positiveInt(env, 'SESSION_TOKEN_TTL_SECONDS', DEFAULT_SESSION_LIMITS.tokenTtlSeconds),
    idleTimeoutSeconds: positiveInt(env, 'SESSION_IDLE_TIMEOUT_SECONDS', DEFAULT_SESSION_LIMITS.idleTimeoutSeconds),
    absoluteTimeoutSeconds: positiveInt(env, 'SESSION_ABSOLUTE_TIMEOUT_SECONDS', DEFAULT_SESSION_LIMITS.absoluteTimeoutSeconds),
  };
  if (session.tokenTtlSeconds > session.idleTimeoutSeconds || session.idleTimeoutSeconds > session.absoluteTimeoutSeconds) {
    throw new Error('Session limits must satisfy SESSION_TOKEN_TTL_SECONDS <= SESSION_IDLE_TIMEOUT_SECONDS <= SESSION_ABSOLUTE_TIMEOUT_SECONDS.');
  }
  if (session.tokenTtlSeconds > LONGEST_TOKEN_SECONDS) {
    // Processes started after a sign-out replay this far back (kit auth/revocations.ts): a longer-lived token of
    // an ended session could be accepted by them.
    throw new Error(`SESSION_TOKEN_TTL_SECONDS must be at most ${LONGEST_TOKEN_SECONDS} (how far back ended sessions are replayed at start).`);
  }
  const publicUrl = (env.PUBLIC_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL such as https://learn.example.com, not "${publicUrl}".`);
  }
  return {
    production,
    publicUrl,
    google: clientId && clientSecret ? { clientId, clientSecret } : null,
    oidcPort: nonNegativeInt(env, 'OIDC_PORT', 4010),
    allowDemoSignInInProduction: env.DEMO_SIGN_IN === 'allow',
    ownerEmails: new Set((env.OWNER_EMAILS ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
    session,
    adminPasswordHash: env.ADMIN_PASSWORD_HASH?.trim() || undefined,
    trustedProxies: readTrustedProxies(env),
  };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = nonNegativeInt(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be a whole number greater than 0.`);
  return value;
}

function nonNegativeInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, not "${raw}".`);
  return Number(raw);
}
