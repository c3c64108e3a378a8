// The table built from the contracts: complete, one owner per route, overlaps pinned.
import { routes } from '@lp/contracts';
import { describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../src/config';
import { PINNED_OWNERS, buildRouteTable } from '../src/route-table';

describe('route table', () => {
  it('holds every contract route with its owner, including sign-in navigations', () => {
    const table = buildRouteTable();
    expect(table).toHaveLength(routes.length);
    const owner = (method: string, url: string) => table.find((r) => r.method === method && r.url === url)?.owner;
    for (const pinned of PINNED_OWNERS) expect(owner(pinned.method, pinned.url), `${pinned.method} ${pinned.url}`).toBe(pinned.owner);
    expect(owner('GET', '/api/login')).toBe('identity');
    expect(owner('GET', '/api/login/callback')).toBe('identity');
    expect(owner('GET', '/api/logout')).toBe('identity');
  });

  it('refuses a route outside /api, two owners for one route, or a pinned route moved', () => {
    expect(() => buildRouteTable([{ method: 'GET', url: '/healthz', owner: 'study' }])).toThrow(/not under \/api/);
    expect(() => buildRouteTable([
      { method: 'GET', url: '/api/x', owner: 'study' },
      { method: 'GET', url: '/api/x', owner: 'content' },
    ])).toThrow(/claimed by both study and content/);
    const moved = (routes as readonly { method: 'GET'; url: string; owner: 'study' }[])
      .map((r) => (r.url === '/api/questions/review' ? { ...r, owner: 'content' as never } : r));
    expect(() => buildRouteTable(moved, { checkPinned: true })).toThrow(/pinned to study/);
  });

  it('reads the rate limit from the environment', () => {
    expect(readGatewayConfig({}).rateLimit).toEqual({ max: 1200, ipMax: 12_000, timeWindowMs: 60_000 });
    expect(readGatewayConfig({ GATEWAY_RATE_LIMIT_MAX: '5', GATEWAY_RATE_LIMIT_WINDOW: '10 seconds' }).rateLimit).toEqual({ max: 5, ipMax: 50, timeWindowMs: 10_000 });
    expect(readGatewayConfig({ GATEWAY_RATE_LIMIT_WINDOW: '90000' }).rateLimit.timeWindowMs).toBe(90_000);
    expect(() => readGatewayConfig({ GATEWAY_RATE_LIMIT_WINDOW: 'soon' })).toThrow(/GATEWAY_RATE_LIMIT_WINDOW must be at least one second/);
    expect(() => readGatewayConfig({ GATEWAY_RATE_LIMIT_WINDOW: '10' })).toThrow(/GATEWAY_RATE_LIMIT_WINDOW/);
    expect(() => readGatewayConfig({ GATEWAY_RATE_LIMIT_MAX: 'lots' })).toThrow(/GATEWAY_RATE_LIMIT_MAX/);
  });
});
