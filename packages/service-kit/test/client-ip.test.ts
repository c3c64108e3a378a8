// The one way services read a caller's address (auth/client-ip.ts): X-Forwarded-For only from a trusted proxy.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { readTrustedProxies, requestIp, trustedProxies } from '../src/auth/client-ip';
import { visitorKey } from '../src/auth/visitor';

const app = Fastify();
// As createService decorates it: the gateway's cluster addresses are trusted, nothing else.
app.decorate('config', { ...readConfig({}), trustedProxies: trustedProxies('10.0.0.0/8') });
app.get('/who', async (request) => ({ visitor: visitorKey(request), ip: requestIp(request) }));
afterAll(() => app.close());

const who = async (remoteAddress: string, forwardedFor?: string) =>
  (await app.inject({ url: '/who', remoteAddress, ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}) })).json<{ visitor: string; ip: string }>();

describe('the caller address services key visitors by', () => {
  it('is the socket address for a direct caller, whatever X-Forwarded-For it forges (no fresh budget per forged header)', async () => {
    for (const forged of ['203.0.113.1', '203.0.113.2', '1.1.1.1, 203.0.113.3']) {
      expect(await who('198.51.100.40', forged)).toEqual({ visitor: 'ip:198.51.100.40', ip: '198.51.100.40' });
    }
  });

  it('is the address the gateway appended when the call comes through the gateway (a trusted proxy)', async () => {
    expect(await who('10.0.0.2', '203.0.113.9')).toEqual({ visitor: 'ip:203.0.113.9', ip: '203.0.113.9' });
    // An entry the client sent before the gateway's is ignored; a load balancer in front is walked past.
    expect((await who('10.0.0.2', '1.1.1.1, 203.0.113.9')).ip).toBe('203.0.113.9');
    expect((await who('10.0.0.2', '203.0.113.9, 10.0.0.7')).ip).toBe('203.0.113.9');
    expect((await who('10.0.0.2')).ip).toBe('10.0.0.2');
  });

  it('comes from TRUSTED_PROXIES (loopback by default), read by every service', () => {
    expect(readConfig({}).trustedProxies('127.0.0.1')).toBe(true);
    expect(readConfig({}).trustedProxies('10.0.0.5')).toBe(false);
    expect(readConfig({ TRUSTED_PROXIES: '10.0.0.0/8' }).trustedProxies('10.9.8.7')).toBe(true);
    expect(() => readTrustedProxies({ TRUSTED_PROXIES: 'gateway' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => readTrustedProxies({ TRUSTED_PROXY_HOPS: '2' })).toThrow(/replaced by TRUSTED_PROXIES/);
  });
});
