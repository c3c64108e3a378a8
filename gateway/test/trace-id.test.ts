// X-Trace-Id (issue 29): the trace id of the caller's W3C traceparent, on the answers the gateway makes itself too.
import { createTestKeys } from '@lp/service-kit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildGateway } from '../src/app';
import { traceIdOfHeader } from '../src/trace-id';
import { gatewayOptions } from './helpers';

let gateway: Awaited<ReturnType<typeof buildGateway>>;
beforeAll(async () => {
  gateway = await buildGateway(gatewayOptions({ routes: [], verifier: (await createTestKeys()).verifier }));
});
afterAll(async () => { await gateway?.close(); });

it('reads the trace id of a valid traceparent only', () => {
  const id = '4bf92f3577b34da6a3ce929d0e0e4736';
  expect(traceIdOfHeader(`00-${id}-00f067aa0ba902b7-01`)).toBe(id);
  expect(traceIdOfHeader(`00-${id}-00f067aa0ba902b7-00`)).toBe(id);
  for (const bad of [undefined, '', 'garbage', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, `00-${id}-${'0'.repeat(16)}-01`, `00-${id.toUpperCase()}-00f067aa0ba902b7-01`, `00-${id}-00f067aa0ba902b7`, [`00-${id}-00f067aa0ba902b7-01`]]) {
    expect(traceIdOfHeader(bad), String(bad)).toBeUndefined();
  }
});

it("returns the caller's trace id on an answer the gateway makes itself (a refusal), and none without one", async () => {
  const id = '4bf92f3577b34da6a3ce929d0e0e4736';
  const refused = await gateway.inject({ method: 'GET', url: '/api/nowhere', headers: { traceparent: `00-${id}-00f067aa0ba902b7-01` } });
  expect(refused.statusCode).toBe(404);
  expect(refused.headers['x-trace-id']).toBe(id);
  const untraced = await gateway.inject({ method: 'GET', url: '/api/nowhere' });
  expect(untraced.headers['x-trace-id']).toBeUndefined();
});
