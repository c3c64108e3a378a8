// Helpers for integration tests: throwaway databases, locally signed sessions, a built service.
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import mongoose, { type Connection } from 'mongoose';
import { databaseUri } from '../config';
import { createService, type ServiceApp, type ServiceDefinition } from '../service';
import { ADMIN_AUDIENCE, SESSION_AUDIENCE, SESSION_ISSUER, createSessionVerifier, type Role } from '../auth/session';

export function uniqueDbName(prefix: string) {
  return `${prefix}_t_${randomBytes(4).toString('hex')}`;
}

/** A connection to a throwaway database on the test server, with the kit's settings (autoIndex on): for model tests. */
export async function testConnection(prefix: string): Promise<Connection> {
  if (!process.env.MONGODB_URI) throw new Error('MONGODB_URI is not set: run the test under the slice\'s vitest global setup');
  return mongoose.createConnection(databaseUri(process.env.MONGODB_URI, uniqueDbName(prefix)), { serverSelectionTimeoutMS: 5000, bufferCommands: false, autoIndex: true }).asPromise();
}

interface IndexedModel { init(): Promise<unknown>; listIndexes(): Promise<Array<{ key: Record<string, unknown>; unique?: boolean }>> }

/**
 * The indexes a model has on the database once the indexes its schema declares are built (as the kit builds them,
 * autoIndex), `_id`'s own left out: `{ key, unique }`, key values as numbers. Services check with it that each
 * query filtering on something other than `_id` has the index MongoDB needs.
 */
export async function builtIndexes(model: IndexedModel): Promise<Array<{ key: Record<string, number>; unique: boolean }>> {
  await model.init();
  return (await model.listIndexes())
    .map((i) => ({ key: Object.fromEntries(Object.entries(i.key).map(([k, v]) => [k, Number(v)])), unique: Boolean(i.unique) }))
    .filter((i) => !(Object.keys(i.key).length === 1 && '_id' in i.key));
}

export type TestKeys = Awaited<ReturnType<typeof createTestKeys>>;

/** An ES256 key pair standing in for the identity service's, plus signers for sessions and admin elevation. */
export async function createTestKeys() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const sign = (claims: Record<string, unknown>, audience: string, expiresIn: string | number) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'test' }).setIssuer(SESSION_ISSUER).setAudience(audience)
      .setIssuedAt().setExpirationTime(expiresIn).sign(privateKey);
  // One sign-in session per user unless a test says otherwise, so an elevation is granted in the same session
  // as the user's session tokens (requireAdmin checks that binding).
  const sids = new Map<string, string>();
  const sidOf = (sub: string) => sids.get(sub) ?? sids.set(sub, randomUUID()).get(sub)!;
  return {
    privateKey,
    publicKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' },
    // These keys stand in for identity, whose sessions end only through the NATS feed (announceSessionEnded,
    // listed before an outage); so while a test has NATS down, asking "identity" finds nothing else ended.
    verifier: createSessionVerifier(publicKey, { ended: async () => false }),
    session: (sub: string, role: Role = 'learner', { expiresIn = '15m' as string | number, sid = sidOf(sub) } = {}) =>
      sign({ sub, role, sid }, SESSION_AUDIENCE, expiresIn),
    admin: (sub: string, { expiresIn = '1h' as string | number, sid = sidOf(sub), eid = randomUUID() } = {}) =>
      sign({ sub, sid, eid }, ADMIN_AUDIENCE, expiresIn),
    /** The session id `session(sub)` and `admin(sub)` use by default. */
    sidOf,
  };
}

/** A tag of its own for a group of test instances that talk to each other (see ServiceOverrides.instanceTag). */
export function uniqueInstanceTag() {
  return `t${randomBytes(5).toString('hex')}`;
}

/**
 * Builds a service against the real test database and NATS, on a throwaway database. Instances given the
 * same `instanceTag` reach each other over NATS, and nothing else does.
 */
export async function buildTestService(def: ServiceDefinition, keys: TestKeys, { instanceTag }: { instanceTag?: string } = {}): Promise<ServiceApp> {
  return createService(def, { dbName: uniqueDbName(def.name), verifier: keys.verifier, logger: false, instanceTag });
}

/**
 * Announces the end of a session (or of an elevation) as identity does: an `identity.session.ended` envelope on
 * the EVENTS stream, for processes that do not run a service (the gateway's tests).
 */
export async function announceSessionEnded(natsUrl: string, data: { sid: string; userId: string; elevationId?: string; reason?: string; expiresAt?: Date }) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstream, jetstreamManager } = await import('@nats-io/jetstream');
  const { EVENT_TYPES, STREAM_NAME } = await import('@lp/contracts');
  const nc = await connect({ servers: natsUrl });
  try {
    // The stream as a service would make it (EventBus.connect), in case no service has run on this NATS yet.
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(STREAM_NAME).catch(() => null);
    if (!info) await jsm.streams.add({ name: STREAM_NAME, subjects: [...EVENT_TYPES], duplicate_window: 600 * 1e9 });
    else if (!info.config.subjects?.includes('identity.session.ended')) {
      await jsm.streams.update(STREAM_NAME, { ...info.config, subjects: [...new Set([...(info.config.subjects ?? []), ...EVENT_TYPES])] });
    }
    const now = new Date();
    const envelope = {
      id: randomUUID(), type: 'identity.session.ended', occurredAt: now.toISOString(),
      data: {
        sid: data.sid, userId: data.userId, reason: data.reason ?? (data.elevationId ? 'admin-signed-out' : 'signed-out'), endedAt: now.toISOString(),
        expiresAt: (data.expiresAt ?? new Date(now.getTime() + 3_600_000)).toISOString(), ...(data.elevationId ? { elevationId: data.elevationId } : {}),
      },
    };
    await jetstream(nc).publish('identity.session.ended', JSON.stringify(envelope), { msgID: envelope.id });
  } finally {
    await nc.drain();
  }
}

export const cookieHeader = (name: string, value: string) => ({ cookie: `${name}=${value}` });

export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, { timeoutMs = 10_000, intervalMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** What every service must answer: liveness, readiness (Mongo + NATS) and its OpenAPI document. */
export async function serviceBasics(app: ServiceApp) {
  const health = await app.inject('/healthz');
  const ready = await app.inject('/readyz');
  const docs = await app.inject('/docs/json');
  const ui = await app.inject('/docs/');
  return {
    health: health.statusCode,
    ready: { ...ready.json(), status: ready.statusCode },
    openapi: docs.json() as { openapi: string; info: { title: string }; paths: Record<string, unknown> },
    docsUi: ui.statusCode,
    database: app.db.name,
  };
}
export { answerKeyMaker, biologyQuestions, type AnswerKeyInput } from './answer-keys';
export { commandLog, isStringIdEquality, type LoggedCommand } from './command-log';
export { createServiceHarness, movableClock, sessionCookieHeader, sessionCookies, type Answer, type BuildOptions, type Call, type Caller, type MovableClock, type ServiceHarness, type SignedAs } from './service-harness';
export { streamEvents } from './stream-events';
