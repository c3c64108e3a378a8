// A service shedding load answers 503 OVERLOADED with its own Retry-After (the kit's admission.ts): the gateway passes
// that answer on as it came, on the fast path and the Fastify path alike, never as a 502/504 or with its own wait.
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from './helpers';

const setup = gatewayForFile({ listen: true });
let cookie: string;

beforeAll(async () => {
  cookie = `lp_session=${await setup.keys.session('64b7f0c2a1b2c3d4e5f60718')}`;
});

async function expectPassedOn(res: Response, service: string) {
  expect(res.status).toBe(503);
  // The service's wait (7 s), not the gateway's own for a service it cannot reach (2 s).
  expect(res.headers.get('retry-after')).toBe('7');
  expect(await res.json()).toEqual({ statusCode: 503, code: 'OVERLOADED', error: 'Service Unavailable', message: `${service} is busy` });
}

describe('a service that sheds load', () => {
  it('has its 503 and Retry-After passed on unchanged for a GET (fast path: a visitor and a signed-in learner)', async () => {
    await expectPassedOn(await fetch(`${setup.base}/api/chapters/64b7f0c2a1b2c3d4e5f60718?overloaded=7`), 'content');
    await expectPassedOn(await fetch(`${setup.base}/api/sessions/stats?overloaded=7`, { headers: { cookie } }), 'study');
  });

  it('has its 503 and Retry-After passed on unchanged for an answer (POST, the Fastify path)', async () => {
    await expectPassedOn(await fetch(`${setup.base}/api/answers?overloaded=7`, {
      method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}',
    }), 'study');
  });
});
