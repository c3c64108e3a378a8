// createService: one call gives a service everything it shares with the others.
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { events as eventSchemas } from '@lp/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawReplyDefaultExpression, type RawRequestDefaultExpression, type RawServerDefault } from 'fastify';
import mongoose, { type Connection } from 'mongoose';
import { installAdmission, type AdmissionOptions } from './admission';
import { installEarlyAnswerDrain } from './early-answer';
import { installDrain } from './drain';
import { buildValidatorWithoutBodyCoercion } from './body-validation';
import { sessionPlugin } from './auth/plugin';
import { followRevocations } from './auth/revocations';
import { askIdentity, cookieNames, createSessionVerifier, type SessionVerifier } from './auth/session';
import { databaseUri, readConfig, type KitConfig } from './config';
import { installErrorHandling } from './errors';
import { schemaErrorMessage } from './validation-message';
import { EventBus, type ConsumerDefinition } from './events/bus';
import { loggerOptions, requestLogger } from './logging';
import { DEFAULT_BODY_LIMIT } from './limits';
import { packageDirNamed, readSliceVersion } from './version';
import { installServiceMetrics } from './metrics/service';

export type ServiceApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    db: Connection;
    bus: EventBus;
    config: KitConfig;
  }
}

export { DEFAULT_BODY_LIMIT };

/**
 * A service's context (models, clients, options), made once per running service: the consumers get the root
 * instance and the routes a child scope, which share one database connection, so the connection is the key.
 */
export function contextPerApp<T>(create: (app: ServiceApp) => T): (app: ServiceApp) => T {
  const contexts = new WeakMap<object, T>();
  return (app) => {
    let ctx = contexts.get(app.db);
    if (ctx === undefined) {
      ctx = create(app);
      contexts.set(app.db, ctx);
    }
    return ctx;
  };
}

export type ServiceName = 'identity' | 'content' | 'study' | 'challenge' | 'billing' | 'feedback';

export interface ServiceDefinition {
  name: ServiceName;
  description: string;
  /** The service's own code: models, handlers, routes. Runs after the shared plugins. */
  app: (app: ServiceApp) => Promise<void>;
  /** Durable event consumers, started once the app is ready. */
  consumers?: (app: ServiceApp) => ConsumerDefinition<never>[];
  /** How long `app` may take to start (Fastify's pluginTimeout), e.g. for a first-start seed. Default 10 s. */
  startupTimeoutMs?: number;
}

export interface ServiceOverrides {
  config?: Partial<KitConfig>;
  /** Database name; tests use a throwaway one. Defaults to the service name. */
  dbName?: string;
  verifier?: SessionVerifier;
  logger?: boolean | object;
  /** Tests only: isolates this instance's NATS requests and durable consumers (see BusOptions.instanceTag). */
  instanceTag?: string;
  /** Tests only: how often and after what age the outbox relay sends events a dead process left behind. */
  relay?: { intervalMs?: number; graceMs?: number };
  /** Load shedding's settings (admission.ts); tests set small limits to see it refuse. */
  admission?: AdmissionOptions;
  /** The driver emits an event per database command: on by default (the database metrics, metrics/service.ts; testing's `commandLog`). */
  monitorCommands?: boolean;
  /** What `/healthz` reports as `version`; by default `svc-<name>`'s package.json version plus the commit. */
  version?: string;
}

export async function createService(def: ServiceDefinition, overrides: ServiceOverrides = {}): Promise<ServiceApp> {
  const config = { ...readConfig(), ...overrides.config };
  const app = Fastify({
    logger: overrides.logger ?? loggerOptions(config.logLevel),
    childLoggerFactory: requestLogger,
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64 ? req.headers['x-request-id'] : randomUUID()),
    requestIdHeader: 'x-request-id',
    connectionTimeout: 10_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000, // longer than the gateway's idle pool timeout, so proxied sockets are reused safely
    bodyLimit: DEFAULT_BODY_LIMIT,
    pluginTimeout: def.startupTimeoutMs ?? 10_000,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    schemaController: { compilersFactory: { buildValidator: buildValidatorWithoutBodyCoercion } },
    schemaErrorFormatter: (errors, dataVar) => new Error(schemaErrorMessage(errors, dataVar)),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  installErrorHandling(app);
  installAdmission(app, overrides.admission);
  installEarlyAnswerDrain(app);
  installDrain(app);

  const db = mongoose.createConnection(databaseUri(config.mongodbUri, overrides.dbName ?? def.name), {
    serverSelectionTimeoutMS: 5000, bufferCommands: false, autoIndex: true, monitorCommands: overrides.monitorCommands ?? true,
  });
  await db.asPromise();
  app.decorate('db', db);

  const bus = await EventBus.connect({ natsUrl: config.natsUrl, service: def.name, db, log: app.log as never, eventTypes: Object.keys(eventSchemas), instanceTag: overrides.instanceTag, relayIntervalMs: overrides.relay?.intervalMs, relayGraceMs: overrides.relay?.graceMs });
  app.decorate('bus', bus);
  app.addHook('onClose', async () => {
    await bus.close();
    await db.close();
  });
  installServiceMetrics(app, `svc-${def.name}`, { db, bus });

  const verifier = overrides.verifier ?? createSessionVerifier(config.jwksUrl, { ended: askIdentity(config.identityUrl) });
  // Ended sessions are known before the first request is served (see auth/revocations.ts).
  const revocations = await followRevocations(bus.nc, verifier.revocations, { log: app.log });
  app.addHook('onClose', async () => revocations.stop());

  await app.register(cookie);
  await app.register(sessionPlugin, { verifier, cookies: cookieNames(config.production) });
  await app.register(swagger, {
    openapi: { info: { title: `svc-${def.name}`, description: def.description, version: '0.1.0' } },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // The version is read once (git is asked at start, not per call): which build answers, for the owner's diagnostics.
  const health = { status: 'ok', version: overrides.version ?? readSliceVersion(packageDirNamed(`svc-${def.name}`, import.meta.dirname)).version };
  app.get('/healthz', { schema: { hide: true } }, async () => health);
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    // Leaving (drain.ts): not ready whatever else holds, so no new calls are sent here.
    if (app.draining) return reply.status(503).send({ status: 'draining' });
    const mongoOk = db.readyState === 1 && (await db.db?.admin().ping().then(() => true, () => false));
    const natsOk = bus.connected;
    const outboxOk = bus.relayRunning; // a relay that cannot run would leave unsent events behind unseen
    const ready = mongoOk && natsOk && outboxOk;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', mongo: mongoOk, nats: natsOk, outbox: outboxOk });
  });

  // Named: the name is what request spans call its hooks and handlers (an arrow would be named by its source).
  await app.register(async function serviceRoutes(scoped) { await def.app(scoped as ServiceApp); });
  await app.ready();
  try {
    for (const consumer of def.consumers?.(app) ?? []) await bus.consume(consumer);
  } catch (err) {
    await app.close(); // a consumer that cannot start (e.g. of an event with no contract) stops the service
    throw err;
  }
  return app;
}
