// A stalled service: JSON calls are answered 504 + Retry-After after the short timeout (GATEWAY_UPSTREAM_JSON_TIMEOUT_MS),
// on the fast path and the Fastify path alike, while upload routes keep the long one.
import { beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../src/config';
import { gatewayForFile, type Echo } from './helpers';

const JSON_TIMEOUT_MS = 300;
/** Far longer than the short timeout, far shorter than the long one. */
const STALL_MS = 2_000;

const setup = gatewayForFile({ gateway: { natsUrl: null, upstreamTimeoutMs: 20_000, upstreamJsonTimeoutMs: JSON_TIMEOUT_MS }, listen: true });
let cookie: string;

beforeAll(async () => {
  cookie = `lp_session=${await setup.keys.session('64b7f0c2a1b2c3d4e5f60718')}`;
});

async function expectTimedOut(res: Response) {
  expect(res.status).toBe(504);
  expect(res.headers.get('retry-after')).toBe('2');
  expect(await res.json()).toMatchObject({ statusCode: 504, code: 'UPSTREAM_TIMEOUT' });
}

describe('a stalled service', () => {
  it('answers a JSON GET 504 with Retry-After after the short timeout (fast path: a visitor and a signed-in GET)', async () => {
    await expectTimedOut(await fetch(`${setup.base}/api/chapters/64b7f0c2a1b2c3d4e5f60718?delayMs=${STALL_MS}`));
    await expectTimedOut(await fetch(`${setup.base}/api/sessions/stats?delayMs=${STALL_MS}`, { headers: { cookie } }));
  });

  it('answers a JSON POST 504 with Retry-After after the short timeout (the Fastify path)', async () => {
    await expectTimedOut(await fetch(`${setup.base}/api/sessions?delayMs=${STALL_MS}`, {
      method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}',
    }));
  });

  it('gives an upload route (multipart) the long timeout: the slow answer arrives', async () => {
    const form = new FormData();
    form.set('subject', 'hello');
    const res = await fetch(`${setup.base}/api/feedback?delayMs=${STALL_MS}`, { method: 'POST', headers: { cookie }, body: form });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).service).toBe('feedback');
  });

  it('reads the short timeout from GATEWAY_UPSTREAM_JSON_TIMEOUT_MS, 15 s by default', () => {
    expect(readGatewayConfig({}).upstreamJsonTimeoutMs).toBe(15_000);
    expect(readGatewayConfig({ GATEWAY_UPSTREAM_JSON_TIMEOUT_MS: '8000' }).upstreamJsonTimeoutMs).toBe(8_000);
    expect(() => readGatewayConfig({ GATEWAY_UPSTREAM_JSON_TIMEOUT_MS: 'soon' })).toThrow(/GATEWAY_UPSTREAM_JSON_TIMEOUT_MS/);
  });
});
