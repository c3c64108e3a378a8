// Issue 29 §1: one learner's answer is one trace, started by the browser (its W3C traceparent): gateway →
// svc-study → (NATS RPC) svc-content → the database calls, with route and status on the HTTP spans; and an event
// reaches its consumer as a span under, and linked to, the publish span. The real svc-study and svc-content (their
// own code, on the real FerretDB and NATS) behind the real gateway, spans caught by an in-memory exporter.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { startTelemetry, stopTelemetry } from '@lp/service-kit/telemetry';
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';

const exporter = new InMemorySpanExporter();
startTelemetry('answer-trace-test', { exporter });

// Loaded after telemetry has started (the MongoDB driver is patched when it is first loaded).
const { createServiceHarness, eventually } = await import('@lp/service-kit/testing');
const { buildGateway } = await import('../src/app');
const { gatewayOptions } = await import('./helpers');
const { createStudyService } = await import('../../svc-study/src/app');
const { createContentService } = await import('../../svc-content/src/app');
const { publishTree } = await import('../../svc-content/src/publishing/publish-tree');
const { PublishingRepository } = await import('../../svc-content/src/repositories/publishing');
const { contentModels } = await import('../../svc-content/src/models');

type Harness = Awaited<ReturnType<typeof createServiceHarness>>;
type App = Awaited<ReturnType<Harness['build']>>;
type Gateway = Awaited<ReturnType<typeof buildGateway>>;
let kit: Harness;
let study: App;
let billing: App;
let gateway: Gateway;
let questionId: string;
const learner = randomBytes(12).toString('hex');

beforeAll(async () => {
  kit = await createServiceHarness();
  const content = await kit.build(createContentService({ seed: false }));
  study = await kit.build(createStudyService());
  billing = await kit.standIn('billing');
  const published = await publishTree({ publishing: new PublishingRepository(content.db), bus: content.bus }, {
    className: 'CBSE Class 10',
    subjects: [{ name: 'Science', chapters: [{ name: 'Electricity', number: 11, topics: [{ name: 'Ohm\u2019s Law', questions: [{ question: 'Unit of resistance?', type: 'short_answer', correctAnswer: 'Ohm', explanation: 'Named after Georg Ohm.' }] }] }] }],
  });
  const models = await contentModels(content.db);
  questionId = String((await models.Question.findOne({ chapterId: published.chapters[0]!.chapterId }).lean())!._id);
  gateway = await buildGateway(gatewayOptions({
    upstreams: { study: await kit.listen(study) },
    routes: [{ method: 'POST', url: '/api/answers', owner: 'study' }, { method: 'GET', url: '/api/subscription/status', owner: 'study' }],
    verifier: kit.keys.verifier,
  }));
  await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway?.close();
  await kit?.close();
  await stopTelemetry();
});

/** A plain node:http call (not instrumented): the browser's traceparent is the only trace context it carries. */
function post(url: string, body: string, headers: Record<string, string>, method = 'POST'): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const sized = method === 'GET' ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = httpRequest(url, { method, headers: { ...sized, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => { text += c; }).on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : body);
  });
}

const parentIdOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;
const isDb = (s: ReadableSpan) => (s.attributes['db.system.name'] ?? s.attributes['db.system']) === 'mongodb';

it('an event reaches its consumer as a span under, and linked to, the publish span (a payment activating a subscription)', async () => {
  // Billing's checkout stands in as one span: the event it publishes is carried on NATS to svc-study's consumer.
  const subscriptionId = randomBytes(12).toString('hex');
  await trace.getTracer('test').startActiveSpan('checkout', async (span) => {
    await billing.bus.publish('billing.subscription.activated', {
      userId: learner, subscriptionId, plan: 'premium_yearly', provider: 'razorpay', currency: 'INR', amount: '500.00',
      startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    });
    span.end();
  });
  const spans = await eventually(async () => {
    const all = exporter.getFinishedSpans();
    const publish = all.find((s) => s.name === 'publish billing.subscription.activated' && s.parentSpanContext);
    const consume = publish && all.find((s) => s.name === 'consume billing.subscription.activated' && s.spanContext().traceId === publish.spanContext().traceId);
    return consume ? { all, publish: publish!, consume } : undefined;
  });
  expect(spans.consume.kind).toBe(SpanKind.CONSUMER);
  expect(parentIdOf(spans.consume)).toBe(spans.publish.spanContext().spanId);
  expect(spans.consume.links.map((l) => l.context.spanId)).toEqual([spans.publish.spanContext().spanId]);
  // The consumer's own database writes (the entitlement it records) are in the payment's trace too.
  expect(spans.all.some((s) => isDb(s) && parentIdOf(s) === spans.consume.spanContext().spanId)).toBe(true);
});

it('one answer is one trace: browser → gateway → svc-study → RPC → svc-content → database, with route and status', async () => {
  // As the shell's API client does: a fresh 32-hex trace id and 16-hex span id, sampled.
  const traceId = randomBytes(16).toString('hex');
  const browserSpanId = randomBytes(8).toString('hex');
  await eventually(async () => (await study.inject({ url: '/api/subscription/status', headers: await kit.cookieHeader(learner) })).json().subscriptionStatus === 'active');
  const address = gateway.server.address() as { port: number };
  const res = await post(`http://127.0.0.1:${address.port}/api/answers`, JSON.stringify({ answerId: crypto.randomUUID(), questionId, answer: 'ohm', timeSpent: 12 }), {
    ...(await kit.cookieHeader(learner)), traceparent: `00-${traceId}-${browserSpanId}-01`,
  });
  expect(res.status, res.body).toBe(200);
  expect(JSON.parse(res.body)).toMatchObject({ isCorrect: true, recorded: true });
  // The browser shows it in an error toast ("Reference: …"): the gateway returns the trace id on every answer.
  expect(res.headers['x-trace-id']).toBe(traceId);

  const spans = await eventually(async () => {
    const all = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    return all.some((s) => s.name.startsWith('reply ') && s.name.endsWith('content.rpc.answerKeys')) && all.filter((s) => s.name === 'request').length >= 2 ? all : undefined;
  });
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
  const parentOf = (s: ReadableSpan) => byId.get(parentIdOf(s) ?? '');
  const ancestors = (s: ReadableSpan) => {
    const chain: ReadableSpan[] = [];
    for (let p = parentOf(s); p; p = parentOf(p)) chain.push(p);
    return chain;
  };

  // The gateway's request span continues the browser's span; the service's hangs under the gateway's HTTP client span.
  const requests = spans.filter((s) => s.name === 'request' && s.attributes['http.route'] === '/api/answers');
  const gatewaySpan = requests.find((s) => parentIdOf(s) === browserSpanId);
  expect(gatewaySpan, 'gateway request span, child of the browser span').toBeDefined();
  const client = spans.find((s) => s.kind === SpanKind.CLIENT && parentOf(s) && ancestors(s).includes(gatewaySpan!) && s.attributes['http.request.method'] === 'POST');
  expect(client, 'gateway HTTP client span').toBeDefined();
  const studySpan = requests.find((s) => parentOf(s) === client);
  expect(studySpan, 'svc-study request span under the gateway client span').toBeDefined();
  for (const s of [gatewaySpan!, studySpan!]) {
    expect(s.kind).toBe(SpanKind.SERVER);
    expect(s.attributes['http.response.status_code']).toBe(200);
  }

  // svc-study asks svc-content over NATS: a client span under its request, content's reply span under that.
  const rpc = spans.find((s) => s.kind === SpanKind.CLIENT && s.name.endsWith('content.rpc.answerKeys'));
  expect(rpc, 'RPC client span').toBeDefined();
  expect(ancestors(rpc!)).toContain(studySpan);
  const reply = spans.find((s) => s.kind === SpanKind.SERVER && s.name.endsWith('content.rpc.answerKeys'));
  expect(parentOf(reply!)).toBe(rpc);

  // The database calls: content's reads under its reply, svc-study's writes under its request.
  const db = spans.filter(isDb);
  expect(db.some((s) => ancestors(s).includes(reply!)), 'content database spans').toBe(true);
  expect(db.some((s) => ancestors(s).includes(studySpan!) && !ancestors(s).includes(reply!)), 'study database spans').toBe(true);
  // One trace: every span of the answer is there under the browser's id (filtered on it above), none a root of its own.
  for (const s of spans) expect(parentIdOf(s), s.name).toBeDefined();
});

it('a GET on the fast path (before Fastify) continues the browser\'s trace too, and returns its id', async () => {
  const address = gateway.server.address() as { port: number };
  const cookie = await kit.cookieHeader(learner);
  // The first call verifies the session; the next ones on a verified session take the fast path.
  const calls: Array<{ traceId: string; browserSpanId: string }> = [];
  for (let i = 0; i < 3; i++) {
    const traceId = randomBytes(16).toString('hex');
    const browserSpanId = randomBytes(8).toString('hex');
    const res = await post(`http://127.0.0.1:${address.port}/api/subscription/status`, '', { ...cookie, traceparent: `00-${traceId}-${browserSpanId}-01` }, 'GET');
    expect(res.status).toBe(200);
    expect(res.headers['x-trace-id']).toBe(traceId);
    calls.push({ traceId, browserSpanId });
  }
  for (const { traceId, browserSpanId } of calls) {
    const spans = await eventually(async () => {
      const all = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      return all.some((s) => s.name === 'request' && s.attributes['http.route'] === '/api/subscription/status' && s.kind === SpanKind.SERVER && parentIdOf(s) !== browserSpanId) ? all : undefined;
    });
    const client = spans.find((s) => s.kind === SpanKind.CLIENT)!;
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    // Up from the client span: the gateway's request span (Fastify), or straight the browser's (fast path).
    let top = client;
    while (byId.has(parentIdOf(top) ?? '')) top = byId.get(parentIdOf(top)!)!;
    expect(parentIdOf(top)).toBe(browserSpanId);
  }
  // The last call went the fast path: no gateway request span, the client span is the browser span's child.
  const last = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === calls[2]!.traceId);
  expect(last.find((s) => s.kind === SpanKind.CLIENT && parentIdOf(s) === calls[2]!.browserSpanId), 'fast path client span').toBeDefined();
});
