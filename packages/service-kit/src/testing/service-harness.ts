// One harness for a service's integration tests, on the real FerretDB and NATS: test keys, one instance tag so the
// test's services reach each other and nothing else, a clock the test moves, services built with logging off (each
// on a throwaway database unless told), stand-ins for the services around it, signed cookies and an inject caller,
// and one close for all of it. Each service's test/support keeps only its fixtures and domain helpers.
import { cookieNames, type Role } from '../auth/session';
import { createService, type ServiceApp, type ServiceDefinition, type ServiceName, type ServiceOverrides } from '../service';
import { createTestKeys, uniqueDbName, uniqueInstanceTag, type TestKeys } from './index';

/** A clock the test moves: set `now`, or `advance` it; services are given `read` as their `now()`. */
export interface MovableClock {
  now: Date;
  advance(ms: number): Date;
  read: () => Date;
}

export function movableClock(start: Date = new Date()): MovableClock {
  const clock: MovableClock = {
    now: start,
    advance: (ms) => (clock.now = new Date(clock.now.getTime() + ms)),
    read: () => clock.now,
  };
  return clock;
}

/** Who a call is made as: a learner unless `role` says owner; `admin` adds an elevation in the same sign-in session. */
export interface SignedAs {
  role?: Role;
  admin?: boolean;
}

export interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** Another instance to call than the caller's own (a replica). */
  app?: ServiceApp;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by the tests' expectations
export interface Answer { status: number; body: any; headers: Record<string, unknown> }
export type Caller = (call: Call) => Promise<Answer>;

/** What a test may still set on a service it builds; keys, tag and logging are the harness's. */
export type BuildOptions = Omit<ServiceOverrides, 'verifier' | 'logger' | 'instanceTag'>;

export interface ServiceHarness {
  keys: TestKeys;
  /** Shared by every service the harness builds (ServiceOverrides.instanceTag). */
  tag: string;
  clock: MovableClock;
  /** Builds `def` (on a throwaway database named after it unless `dbName` is given); `close` closes it. */
  build(def: ServiceDefinition, options?: BuildOptions): Promise<ServiceApp>;
  /**
   * A stand-in for another service `name`: a kit app whose `setup` registers the RPCs it answers, and whose bus
   * publishes that service's events (`standIn.bus.publish`). The other service's contract, answered for real.
   */
  standIn(name: ServiceName, setup?: (app: ServiceApp) => Promise<void> | void): Promise<ServiceApp>;
  /** Cookies of `userId`'s sign-in (sessionCookies with the harness's keys). */
  cookies(userId: string, as?: SignedAs): Promise<Record<string, string>>;
  /** The same cookies as one `cookie` request header, for fetch and inject's `headers`. */
  cookieHeader(userId: string, as?: SignedAs): Promise<{ cookie: string }>;
  /** Calls `app` through inject as `userId` signed in (a visitor when null), with `headers` on every call. */
  caller(app: ServiceApp, userId: string | null, as?: SignedAs & { headers?: Record<string, string> }): Caller;
  /** Listens on a free local port (for webhooks, multipart bodies, real sockets); returns the base URL. */
  listen(app: ServiceApp): Promise<string>;
  /** Closes every service the harness built, stand-ins included (what is already closed is skipped). */
  close(): Promise<void>;
}

const names = cookieNames(false);

/** Cookies of `userId`'s sign-in signed by `keys` (session, and admin elevation when asked), by their development names. */
export async function sessionCookies(keys: TestKeys, userId: string, { role = 'learner', admin = false }: SignedAs = {}): Promise<Record<string, string>> {
  return {
    [names.session]: await keys.session(userId, role),
    ...(admin ? { [names.admin]: await keys.admin(userId) } : {}),
  };
}

/** The same cookies as one `cookie` request header, for fetch and inject's `headers`. */
export async function sessionCookieHeader(keys: TestKeys, userId: string, as?: SignedAs): Promise<{ cookie: string }> {
  return { cookie: Object.entries(await sessionCookies(keys, userId, as)).map(([k, v]) => `${k}=${v}`).join('; ') };
}

/**
 * `keys` and `tag` are shared when several harnesses must meet (a second instance of another harness); `tag: ''` builds
 * untagged instances, as in production (one durable consumer per service name on the test's NATS).
 */
export async function createServiceHarness({ keys, tag = uniqueInstanceTag(), start }: { keys?: TestKeys; tag?: string; start?: Date } = {}): Promise<ServiceHarness> {
  const testKeys = keys ?? (await createTestKeys());
  const apps: ServiceApp[] = [];
  const build = async (def: ServiceDefinition, options: BuildOptions = {}) => {
    const app = await createService(def, { dbName: uniqueDbName(def.name), ...options, verifier: testKeys.verifier, logger: false, instanceTag: tag });
    apps.push(app);
    return app;
  };
  const cookies = (userId: string, as?: SignedAs) => sessionCookies(testKeys, userId, as);
  return {
    keys: testKeys,
    tag,
    clock: movableClock(start),
    build,
    standIn: (name, setup) => build({ name, description: `${name} stand-in`, app: async (app) => { await setup?.(app); } }),
    cookies,
    cookieHeader: (userId, as) => sessionCookieHeader(testKeys, userId, as),
    caller(target, userId, { headers: always = {}, ...as } = {}) {
      return async ({ method = 'GET', url, body, headers = {}, cookies: sent = {}, app }) => {
        const signed = userId ? await cookies(userId, as) : {};
        const res = await (app ?? target).inject({
          method, url, cookies: { ...sent, ...signed }, headers: { ...always, ...headers }, ...(body === undefined ? {} : { payload: body as object }),
        });
        return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
      };
    },
    async listen(app) {
      return app.listen({ port: 0, host: '127.0.0.1' });
    },
    async close() {
      await Promise.allSettled(apps.splice(0).map((a) => a.close()));
    },
  };
}
