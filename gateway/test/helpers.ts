// Test helpers: fake services that echo what reached them, a throwaway static root, a gateway in front, and
// `gatewayForFile`, the one way a test file gets that whole setup.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ServiceName } from '@lp/contracts';
import type { SessionVerifier } from '@lp/service-kit';
import { createTestKeys, type TestKeys } from '@lp/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildGateway, type GatewayOptions } from '../src/app';
import { SERVICE_NAMES } from '../src/config';
import { DEFAULT_REMOTES } from '../src/remotes';

export interface Echo {
  service: ServiceName;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
  body: string;
}

/** A stand-in for a service: answers every request with what it received, as JSON. */
export async function startFakeService(service: ServiceName): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 50 * 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.get('/healthz', async () => ({ status: 'ok', version: `0.1.0+fake-${service}` }));
  app.get('/api/login', async (_request, reply) =>
    reply.code(302).header('location', 'http://127.0.0.1:4010/auth?state=abc').header('set-cookie', ['lp_oauth=xyz; Path=/; HttpOnly', 'lp_other=1; Path=/']).send());
  // A large sized download, and an unsized (chunked) one.
  app.get('/api/download/:filename', async (request, reply) => {
    const size = 1024 * 1024;
    if ((request.params as { filename: string }).filename === 'chunked.pdf') {
      return reply.type('application/pdf').send(Readable.from([Buffer.alloc(size / 2, 1), Buffer.alloc(size / 2, 2)]));
    }
    return reply.type('application/pdf').header('content-disposition', 'attachment; filename="big.pdf"').send(Buffer.alloc(size, 3));
  });
  app.all('/*', async (request, reply) => {
    const body = request.body as Buffer | undefined;
    // `?delayMs=`: a service that takes its time (idle.test.ts).
    const delayMs = Number((request.query as { delayMs?: string }).delayMs ?? 0);
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    // `?overloaded=<seconds>`: a service shedding load (the kit's admission.ts): 503 OVERLOADED with that Retry-After.
    const overloaded = (request.query as { overloaded?: string }).overloaded;
    if (overloaded) return reply.code(503).header('retry-after', overloaded).send({ statusCode: 503, code: 'OVERLOADED', error: 'Service Unavailable', message: `${service} is busy` });
    // `?nosniff=1`: a service that sets a header the gateway also sets (feedback's screenshots).
    if ((request.query as { nosniff?: string }).nosniff) reply.header('x-content-type-options', 'nosniff');
    return { service, method: request.method, url: request.url, headers: request.headers, bodyBytes: body?.length ?? 0, body: body?.toString('latin1').slice(0, 2000) ?? '' } satisfies Echo;
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: address };
}

export type FakeServices = Awaited<ReturnType<typeof startFakeServices>>;

export async function startFakeServices() {
  const started = await Promise.all(SERVICE_NAMES.map(async (name) => [name, await startFakeService(name)] as const));
  return {
    urls: Object.fromEntries(started.map(([name, s]) => [name, s.url])) as Record<ServiceName, string>,
    close: () => Promise.all(started.map(([, s]) => s.app.close())),
  };
}

/** A STATIC_ROOT with a built-looking shell and remotes (learn has no dist: "not built"). */
export function createStaticRoot(): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'gateway-static-'));
  const files: Record<string, string> = {
    'shell/dist/index.html': '<!doctype html><title>shell</title><div id="root"></div>',
    'shell/dist/main.97326a9b5a.js': 'console.log("shell")',
    'shell/dist/favicon.ico': 'icon',
    'shell/dist/sw.js': 'self.addEventListener("fetch", () => {});',
    'shell/dist/main.97326a9b5a.js.map': '{"version":3,"sources":["src/main.ts"]}',
    'mfe-challenge/dist/remoteEntry.js.map': '{"version":3}',
    'mfe-challenge/dist/remoteEntry.js': 'var challenge;',
    'mfe-challenge/dist/mf-manifest.json': '{"name":"challenge"}',
    'mfe-challenge/dist/786.7837d8dcb1.css': 'body{}',
    'mfe-challenge/dist/assets/logo.0a1b2c3d4e.svg': '<svg/>',
    'mfe-billing/dist/remoteEntry.js': 'var billing;',
    'mfe-admin/dist/remoteEntry.js': 'var admin;',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  // What the front-end build writes beside its files (packages/web-platform/build/compress.ts).
  for (const path of ['shell/dist/index.html', 'shell/dist/main.97326a9b5a.js', 'mfe-challenge/dist/remoteEntry.js']) {
    writeFileSync(join(root, `${path}.br`), brotliCompressSync(files[path]!));
    writeFileSync(join(root, `${path}.gz`), gzipSync(files[path]!));
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export function gatewayOptions(overrides: Partial<GatewayOptions> & { verifier: SessionVerifier }): GatewayOptions {
  return {
    upstreams: {},
    staticRoot: '/nonexistent-static-root',
    jwksUrl: 'http://127.0.0.1:9/.well-known/jwks.json',
    // The slices' global setup (deploy/local) runs NATS for the gateway tests: ended sessions arrive as in production.
    natsUrl: process.env.NATS_URL ?? null,
    production: false,
    logLevel: 'silent',
    rateLimit: { max: 10_000, timeWindowMs: 60_000 },
    remotes: { ...DEFAULT_REMOTES },
    remotesCorsOrigin: '*',
    upstreamConnections: 8,
    upstreamTimeoutMs: 5_000,
    trustProxy: false,
    logger: false,
    ...overrides,
  };
}

export async function startGateway(overrides: Partial<GatewayOptions> & { verifier: SessionVerifier }) {
  return buildGateway(gatewayOptions(overrides));
}

type GatewayOverrides = Partial<GatewayOptions>;

/** What `gatewayForFile` starts, filled in before the file's tests run. */
export interface GatewayForFile {
  keys: TestKeys;
  /** A stand-in for every service, echoing what reached it. */
  services: FakeServices;
  /** The gateway in front of them, verifying sessions with `keys`. */
  gateway: FastifyInstance;
  /** With `listen: true`: the gateway's address (`http://127.0.0.1:<port>`) and port. */
  base: string;
  port: number;
}

/**
 * The gateway tests' setup, once: before the file's tests, test keys, the service stand-ins and a gateway in front
 * of them (upstreams: the stand-ins; verifier: the keys'), with `gateway` overrides (a function of the keys and
 * stand-ins where they depend on them); after them, the gateway and the stand-ins closed. `listen: true` also puts
 * the gateway on a loopback port, for tests over a real socket.
 */
export function gatewayForFile({ gateway: overrides = {}, listen = false }: {
  gateway?: GatewayOverrides | ((started: { keys: TestKeys; services: FakeServices }) => GatewayOverrides | Promise<GatewayOverrides>);
  listen?: boolean;
} = {}): GatewayForFile {
  const under = {} as GatewayForFile;
  beforeAll(async () => {
    under.keys = await createTestKeys();
    under.services = await startFakeServices();
    const chosen = typeof overrides === 'function' ? await overrides(under) : overrides;
    under.gateway = await startGateway({ upstreams: under.services.urls, verifier: under.keys.verifier, ...chosen });
    if (listen) {
      under.base = await under.gateway.listen({ port: 0, host: '127.0.0.1' });
      under.port = (under.gateway.server.address() as { port: number }).port;
    }
  });
  afterAll(async () => {
    await under.gateway?.close();
    await under.services?.close();
  });
  return under;
}
