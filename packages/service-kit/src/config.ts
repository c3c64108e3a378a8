// Service configuration from the environment, with the embedded default's values.
import { readTrustedProxies, type TrustCheck } from './auth/client-ip';

export interface KitConfig {
  /** Base URI of the MongoDB-wire server; the database name is the service's own. */
  mongodbUri: string;
  natsUrl: string;
  /** Where the identity service publishes its session public keys. */
  jwksUrl: string;
  /** The identity service's base URL: asked whether a session ended while the NATS feed of ends is cut off. */
  identityUrl: string;
  production: boolean;
  logLevel: string;
  /** The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES): the gateway, and a load balancer (auth/client-ip.ts). */
  trustedProxies: TrustCheck;
}

/**
 * NATS_URL as the client's server list: one URL, or several separated by commas (the nodes of a cluster), so that a
 * process can connect, and reconnect, while any one node is down.
 */
export function natsServers(natsUrl: string): string[] {
  return natsUrl.split(',').map((url) => url.trim()).filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): KitConfig {
  const identityUrl = env.IDENTITY_URL ?? 'http://127.0.0.1:4001';
  return {
    mongodbUri: env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    jwksUrl: env.SESSION_JWKS_URL ?? `${identityUrl}/.well-known/jwks.json`,
    identityUrl,
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustedProxies: readTrustedProxies(env),
  };
}

/** `mongodb://host:port/?opts` + `study` → `mongodb://host:port/study?opts`, whatever path the base had. */
export function databaseUri(base: string, dbName: string): string {
  // Not WHATWG URL: replica-set URIs list several hosts (`mongodb://a:27017,b:27017/?replicaSet=rs0`).
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(base.trim());
  if (!match) throw new Error(`MONGODB_URI is not a mongodb:// or mongodb+srv:// URI: ${base.replace(/\/\/[^@/]*@/, '//***@')}`);
  return `${match[1]}/${dbName}${match[2] ?? ''}`;
}
