// The route table through Fastify's router, against fake services that echo what reached them.
import { createServer, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile, startGateway, type Echo } from './helpers';

const setup = gatewayForFile();
/** A signed-in owner with admin elevation: the route table is about routing, the edge guards have edge.test.ts. */
let signedIn: string;

beforeAll(async () => {
  const owner = '64b7f0c2a1b2c3d4e5f60718';
  signedIn = `lp_session=${await setup.keys.session(owner, 'owner')}; lp_admin=${await setup.keys.admin(owner)}`;
});

async function call(method: string, url: string, init: { headers?: Record<string, string>; payload?: string | Buffer } = {}) {
  const res = await setup.gateway.inject({ method: method as 'GET', url, headers: { cookie: signedIn, ...init.headers }, payload: init.payload });
  return { res, echo: res.json<Echo>() };
}

describe('route table', () => {
  it.each([
    ['POST', '/api/chapters/progress/batch', 'study'],
    ['GET', '/api/chapters/64b7f0c2a1b2c3d4e5f60718', 'content'],
    ['GET', '/api/chapters/64b7f0c2a1b2c3d4e5f60718/topics', 'content'],
    ['GET', '/api/chapter/progress', 'study'],
    ['GET', '/api/questions/review', 'study'],
    ['GET', '/api/questions/chapter/64b7f0c2a1b2c3d4e5f60718', 'content'],
    ['GET', '/api/questions/sample/64b7f0c2a1b2c3d4e5f60718', 'content'],
    ['POST', '/api/admin/verify-password', 'identity'],
    ['GET', '/api/admin/session', 'identity'],
    ['GET', '/api/admin/revision-settings', 'study'],
    ['POST', '/api/admin/revision-settings', 'study'],
    ['POST', '/api/admin/process-raw-json', 'content'],
    ['POST', '/api/admin/upload', 'content'],
    ['GET', '/api/sessions/paused', 'study'],
    ['GET', '/api/challenges/token/abc/question/q1/answer', 'challenge'],
    ['POST', '/api/webhooks/razorpay', 'billing'],
    ['POST', '/api/feedback', 'feedback'],
    ['GET', '/api/login/callback?code=1&state=2', 'identity'],
    ['GET', '/api/logout', 'identity'],
  ])('%s %s → %s', async (method, url, service) => {
    const { res, echo } = await call(method, url, method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(200);
    expect(echo.service).toBe(service);
    expect(echo.url).toBe(url);
    expect(echo.method).toBe(method);
  });

  it('answers an unknown /api path with 404 in the one error shape, without calling a service', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/api/chapters/progress/other'], ['DELETE', '/api/chapters/abc'], ['GET', '/api/admin/anything']]) {
      const res = await setup.gateway.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `No route for ${method} ${url}.`, code: 'NO_ROUTE' });
    }
  });

  it('passes redirects and every Set-Cookie through untouched', async () => {
    const res = await setup.gateway.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://127.0.0.1:4010/auth?state=abc');
    expect(res.headers['set-cookie']).toEqual(['lp_oauth=xyz; Path=/; HttpOnly', 'lp_other=1; Path=/']);
  });

  it('answers 503 with Retry-After in the one shape when the service is down, and logs it with the request id', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => { lines.push(line); } };
    const gw = await startGateway({ upstreams: { ...setup.services.urls, billing: 'http://127.0.0.1:9' }, verifier: setup.keys.verifier, logger: { level: 'info', stream } });
    const ok = await gw.inject({ method: 'GET', url: '/api/downloads' });
    const res = await gw.inject({ method: 'GET', url: '/api/payment-status', headers: { 'x-request-id': 'req-502', cookie: signedIn } });
    await gw.close();
    expect(ok.statusCode).toBe(200);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'UPSTREAM_UNAVAILABLE' });
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId);
    expect(logged).toHaveLength(1); // the successful call logged nothing
    expect(logged[0]).toMatchObject({ reqId: 'req-502', owner: 'billing', msg: 'service call failed' });
  });

  it('answers 503 when a service sends a broken answer, and stays up for the next call', async () => {
    // Not HTTP at all: a header line with a control character and a body longer than announced.
    const broken = createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Bad: a\u0001b\r\n\r\nokay')));
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const gw = await startGateway({ upstreams: { ...setup.services.urls, billing: `http://127.0.0.1:${(broken.address() as AddressInfo).port}` }, verifier: setup.keys.verifier, logger: false });
    const res = await gw.inject({ method: 'GET', url: '/api/payment-status', headers: { cookie: signedIn } });
    const next = await gw.inject({ method: 'GET', url: '/api/downloads' });
    await gw.close();
    broken.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'UPSTREAM_UNAVAILABLE' });
    expect(next.statusCode).toBe(200);
  });

  it('answers 503 (which the runner retries) when a service dies after taking a POST body, not a 400', async () => {
    // Like svc-study killed mid-request: the service reads the whole body, then its socket is gone.
    const dying = createServer((socket) => socket.on('data', (chunk) => { if (chunk.includes('}')) socket.destroy(); }));
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    const gw = await startGateway({ upstreams: { ...setup.services.urls, study: `http://127.0.0.1:${(dying.address() as AddressInfo).port}` }, verifier: setup.keys.verifier, logger: false });
    await gw.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`http://127.0.0.1:${(gw.server.address() as AddressInfo).port}/api/answers`, {
        method: 'POST', headers: { 'content-type': 'application/json', cookie: signedIn },
        body: JSON.stringify({ answerId: crypto.randomUUID(), questionId: '64b7f0c2a1b2c3d4e5f60718', answer: 'x', timeSpent: 1 }),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    } finally {
      await gw.close();
      dying.close();
    }
  });
});

describe('forwarded headers', () => {
  it('strips identity headers a client sends, and Authorization', async () => {
    const { echo } = await call('GET', '/api/auth/user', {
      headers: {
        'x-user-id': 'admin', 'x-user-role': 'owner', 'x-lp-user': 'u1', 'x-lp-admin': '1', 'x-forwarded-user': 'root',
        'x-authenticated-userid': 'u2', 'x-authenticated-user': 'u3', authorization: 'Bearer abc', 'x-custom': 'kept',
      },
    });
    for (const name of ['x-user-id', 'x-user-role', 'x-lp-user', 'x-lp-admin', 'x-forwarded-user', 'x-authenticated-userid', 'x-authenticated-user', 'authorization']) {
      expect(echo.headers[name], name).toBeUndefined();
    }
    expect(echo.headers['x-custom']).toBe('kept');
  });

  it('sets X-Request-Id (keeping a sane incoming one) and X-Forwarded-For, and passes no client-named host or scheme', async () => {
    const first = await call('GET', '/api/downloads', {
      headers: { 'x-request-id': 'req-123', 'x-forwarded-for': '6.6.6.6', host: 'learn.example:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(first.echo.headers['x-request-id']).toBe('req-123');
    expect(first.res.headers['x-request-id']).toBe('req-123');
    expect(first.echo.headers['x-forwarded-for']).toBe('127.0.0.1'); // a client's own X-Forwarded-For is not trusted
    // Services build links from PUBLIC_URL; a host or scheme the caller names never reaches them.
    expect(first.echo.headers['x-forwarded-proto']).toBeUndefined();
    expect(first.echo.headers['x-forwarded-host']).toBeUndefined();
    expect(first.echo.headers.host).toMatch(/^127\.0\.0\.1:\d+$/);

    const second = await call('GET', '/api/downloads', { headers: { 'x-request-id': 'no spaces or ; allowed' } });
    expect(second.echo.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(second.res.headers['x-request-id']).toBe(second.echo.headers['x-request-id']);
    const third = await call('GET', '/api/downloads');
    expect(third.echo.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(third.echo.headers['x-request-id']).not.toBe(second.echo.headers['x-request-id']);
  });

  it('streams multipart bodies through unparsed, byte for byte', async () => {
    const boundary = '----lpboundary';
    const file = Buffer.alloc(3 * 1024 * 1024, 7);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nbug\r\n--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const { res, echo } = await call('POST', '/api/feedback', { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBe(200);
    expect(echo.service).toBe('feedback');
    expect(echo.bodyBytes).toBe(payload.length);
    expect(echo.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
    expect(echo.body.startsWith(`--${boundary}\r\nContent-Disposition: form-data; name="category"`)).toBe(true);
  });

  it('streams large and unsized answers, and answers HEAD without a body', async () => {
    const big = await setup.gateway.inject({ method: 'GET', url: '/api/download/big.pdf' });
    expect(big.statusCode).toBe(200);
    expect(big.rawPayload.length).toBe(1024 * 1024);
    expect(big.rawPayload.every((b) => b === 3)).toBe(true);
    expect(big.headers['content-disposition']).toBe('attachment; filename="big.pdf"');
    const chunked = await setup.gateway.inject({ method: 'GET', url: '/api/download/chunked.pdf' });
    expect(chunked.statusCode).toBe(200);
    expect(chunked.rawPayload.length).toBe(1024 * 1024);
    expect(chunked.rawPayload[0]).toBe(1);
    expect(chunked.rawPayload[1024 * 1024 - 1]).toBe(2);
    const head = await setup.gateway.inject({ method: 'HEAD', url: '/api/download/big.pdf' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });

  it('passes a raw webhook body through exactly', async () => {
    const raw = '{"event":"payment.captured",  "payload":{}}';
    const { echo } = await call('POST', '/api/webhooks/razorpay', { headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'sig' }, payload: raw });
    expect(echo.body).toBe(raw);
    expect(echo.headers['x-razorpay-signature']).toBe('sig');
  });
});

describe('health', () => {
  it('/healthz answers while /readyz checks every service, and says only ready or not (it is public)', async () => {
    expect((await setup.gateway.inject('/healthz')).json()).toEqual({ status: 'ok', version: expect.stringMatching(/^0\.1\.0\+([0-9a-f]{7,}|unknown)$/), pushStreams: 0 });
    const ready = await setup.gateway.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    const gw = await startGateway({ upstreams: { ...setup.services.urls, study: 'http://127.0.0.1:9' }, verifier: setup.keys.verifier });
    const notReady = await gw.inject('/readyz');
    await gw.close();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'not ready' }); // which service is not ready stays in the gateway's log
  });
});
