// The gateway's metrics (issue 29 §2): calls counted per route, method and status whichever path answered them
// (the fast path or the Fastify app); `/metrics` served only on its own port, never on the public origin; and the
// owner's live view `GET /api/admin/metrics`, behind the admin guard, reading every instance's `/metrics`.
import { randomUUID } from 'node:crypto';
import type { ServiceMetrics } from '@lp/contracts';
import { parseExposition, type Sample } from '@lp/service-kit/metrics';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '../src/config';
import { gatewayForFile, startGateway } from './helpers';

const OWNER = '64b7f0c2a1b2c3d4e5f60719';
const setup = gatewayForFile({ listen: true });

/** A port nothing listens on now (the kernel's choice, released at once). */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}
const samplesOf = async (): Promise<Sample[]> => parseExposition(await setup.gateway.gatewayMetrics.metrics.prometheusText());
const countOf = (samples: Sample[], route: string, method: string, status: string) =>
  samples.find((s) => s.name === 'http_server_request_duration_count' && s.labels.http_route === route && s.labels.http_request_method === method && s.labels.http_response_status_code === status)?.value ?? 0;
async function ownerCookie() {
  const sid = randomUUID();
  return `lp_session=${await setup.keys.session(OWNER, 'owner', { sid })}; lp_admin=${await setup.keys.admin(OWNER, { sid })}`;
}

describe("the gateway's request metrics", () => {
  it('counts calls under their route template, method and status, on the fast path and through the Fastify app', async () => {
    const before = await samplesOf();
    // A visitor's GET of a public route: the fast path. A POST: the Fastify app. An unknown API path: its 404.
    for (const id of ['c1', 'c2']) expect((await fetch(`${setup.base}/api/chapters/${id}`)).status).toBe(200);
    expect((await fetch(`${setup.base}/api/auth/refresh`, { method: 'POST', headers: { 'content-type': 'application/json', origin: setup.base }, body: '{}' })).status).toBe(200);
    expect((await fetch(`${setup.base}/api/no-such-thing`)).status).toBe(404);
    const after = await samplesOf();
    const added = (route: string, method: string, status: string) => countOf(after, route, method, status) - countOf(before, route, method, status);
    expect(added('/api/chapters/:id', 'GET', '200')).toBe(2);
    expect(added('/api/auth/refresh', 'POST', '200')).toBe(1);
    expect(added('/api/*', 'GET', '404')).toBe(1);
  });

  it('does not serve /metrics on the public origin, only on GATEWAY_METRICS_PORT', async () => {
    // Not found (with a built shell, /metrics is a page path and gets the shell's page): never the metrics.
    for (const path of ['/metrics', '/api/metrics']) {
      const res = await fetch(`${setup.base}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('http_server_request_duration');
    }
    const port = await freePort();
    const gateway = await startGateway({ upstreams: setup.services.urls, verifier: setup.keys.verifier, natsUrl: null, metricsPort: port });
    try {
      await gateway.inject('/healthz');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE nodejs_eventloop_delay_p99 gauge');
      expect((await fetch(`http://127.0.0.1:${port}/api/chapters/c1`)).status).toBe(404);
    } finally {
      await gateway.close();
    }
  });
});

describe('GET /api/admin/metrics', () => {
  /** A study service's two instances: each `/metrics` read counts 10 more requests, 1 of them a 500, and 3 queued events. */
  const instances: Array<{ close: () => Promise<void>; url: string }> = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      let reads = 0;
      const app = Fastify();
      app.get('/metrics', async (_req, reply) => {
        reads++;
        const ok = 9 * reads;
        const failed = reads;
        const line = (status: number, count: number) => [
          `http_server_request_duration_count{http_route="/api/answers",http_request_method="POST",http_response_status_code="${status}"} ${count}`,
          `http_server_request_duration_bucket{http_route="/api/answers",http_request_method="POST",http_response_status_code="${status}",le="0.01"} 0`,
          `http_server_request_duration_bucket{http_route="/api/answers",http_request_method="POST",http_response_status_code="${status}",le="0.05"} ${count}`,
          `http_server_request_duration_bucket{http_route="/api/answers",http_request_method="POST",http_response_status_code="${status}",le="+Inf"} ${count}`,
        ];
        return reply.type('text/plain').send([...line(200, ok), ...line(500, failed), 'lp_outbox_backlog 3', `lp_outbox_oldest_age ${70 + i}`,
          'lp_consumer_pending{messaging_consumer_group_name="study-progress"} 5', 'lp_consumer_ack_pending{messaging_consumer_group_name="study-progress"} 1',
          `nodejs_eventloop_delay_p99 0.0${i + 1}`].join('\n'));
      });
      instances.push({ close: () => app.close(), url: await app.listen({ port: 0, host: '127.0.0.1' }) });
    }
  });
  afterAll(async () => { await Promise.all(instances.map((i) => i.close())); });

  it('refuses anyone but an owner with a live elevation', async () => {
    expect((await setup.gateway.inject('/api/admin/metrics')).statusCode).toBe(401);
    const learner = `lp_session=${await setup.keys.session('64b7f0c2a1b2c3d4e5f60718')}`;
    expect((await setup.gateway.inject({ url: '/api/admin/metrics', headers: { cookie: learner } })).statusCode).toBe(403);
  });

  it("answers a row per service summing its instances' rates, and the gateway's own, over a window of seconds", async () => {
    const gateway = await startGateway({ upstreams: { ...setup.services.urls, study: instances.map((i) => i.url).join(','), feedback: 'http://127.0.0.1:9' }, verifier: setup.keys.verifier, natsUrl: null });
    try {
      const res = await gateway.inject({ url: '/api/admin/metrics', headers: { cookie: await ownerCookie() } });
      expect(res.statusCode).toBe(200);
      const body = res.json<ServiceMetrics>();
      expect(body.rows.map((r) => r.service)).toEqual(['gateway', ...SERVICE_NAMES]);
      expect(body.windowSeconds).toBeGreaterThanOrEqual(2);
      const study = body.rows.find((r) => r.service === 'study')!;
      // Two instances, 10 more requests each between the two reads: 20 over the window, 2 of them errors.
      expect(study).toMatchObject({ instances: 2, reachable: 2, errorRatio: 0.1, outboxBacklog: 3, outboxOldestAgeSeconds: 71, eventLoopDelayP99Seconds: 0.02, consumers: [{ consumer: 'study-progress', lag: 6 }] });
      expect(study.requestsPerSecond! * body.windowSeconds).toBeCloseTo(20);
      expect(study.p95Seconds).toBeGreaterThan(0.01);
      expect(study.p95Seconds).toBeLessThanOrEqual(0.05);
      expect(study.slowestRoute).toMatchObject({ route: 'POST /api/answers' });
      expect(body.rows.find((r) => r.service === 'feedback')).toMatchObject({ instances: 1, reachable: 0, error: expect.stringMatching(/^not reachable/), requestsPerSecond: null });
      expect(body.rows.find((r) => r.service === 'gateway')).toMatchObject({ instances: 1, reachable: 1 });
    } finally {
      await gateway.close();
    }
  });

  it('never takes a rate between two different processes behind one load-balanced URL (a Kubernetes Service)', async () => {
    let reads = 0;
    const balanced = Fastify();
    // Each read reaches the other pod: one has answered 1,000 calls, the other 10.
    balanced.get('/metrics', async (_req, reply) => {
      const pod = reads++ % 2;
      return reply.type('text/plain').send([`target_info{service_name="svc-study",service_instance_id="pod-${pod}"} 1`,
        `http_server_request_duration_count{http_route="/api/answers",http_request_method="POST",http_response_status_code="200"} ${pod ? 10 : 1000}`].join('\n'));
    });
    const url = await balanced.listen({ port: 0, host: '127.0.0.1' });
    const gateway = await startGateway({ upstreams: { ...setup.services.urls, study: url }, verifier: setup.keys.verifier, natsUrl: null });
    try {
      const res = await gateway.inject({ url: '/api/admin/metrics', headers: { cookie: await ownerCookie() } });
      expect(res.json<ServiceMetrics>().rows.find((r) => r.service === 'study')).toMatchObject({ reachable: 1, requestsPerSecond: null, errorRatio: null });
    } finally {
      await gateway.close();
      await balanced.close();
    }
  });
});
