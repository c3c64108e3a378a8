import { describe, expect, it } from 'vitest';
import { clientIp, trustedProxies } from '@lp/service-kit';
import { profileFromClaims, roleFor } from '../../src/domain/profile';
import { safeReturnTo } from '../../src/domain/return-to';

describe('safeReturnTo', () => {
  it('keeps same-origin paths and turns anything else into /', () => {
    expect(safeReturnTo('/dashboard?x=1#y')).toBe('/dashboard?x=1#y');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', '/a\nb', undefined, 42, `/${'a'.repeat(600)}`]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
  });
});

describe('clientIp', () => {
  const cluster = trustedProxies('10.0.0.0/8');
  it('believes X-Forwarded-For only from trusted proxies, walking back from the socket while the hop is trusted', () => {
    expect(clientIp('203.0.113.9', '10.0.0.2', cluster)).toBe('203.0.113.9'); // from the gateway
    expect(clientIp('1.1.1.1, 203.0.113.9', '10.0.0.2', cluster)).toBe('203.0.113.9'); // a client-sent entry is ignored
    expect(clientIp('203.0.113.9, 10.0.0.7', '10.0.0.2', cluster)).toBe('203.0.113.9'); // load balancer, then gateway
    expect(clientIp(undefined, '10.0.0.2', cluster)).toBe('10.0.0.2');
  });

  it('keys a direct caller by its socket address, whatever X-Forwarded-For it sends', () => {
    expect(clientIp('203.0.113.9', '198.51.100.4', cluster)).toBe('198.51.100.4');
    expect(clientIp('10.0.0.3', '::ffff:198.51.100.4', cluster)).toBe('::ffff:198.51.100.4');
    expect(trustedProxies('127.0.0.1/8, ::1')('::ffff:127.0.0.1')).toBe(true);
    expect(() => trustedProxies('10.0.0.0/8, gateway')).toThrow(/gateway/);
  });
});

describe('profile and role from id_token claims', () => {
  it('uses given and family names, else splits name, else the e-mail; keeps only http(s) pictures', () => {
    expect(profileFromClaims({ sub: '1', email: 'A@B.in', given_name: 'Asha', family_name: 'Nair', picture: 'https://x/p.png' }))
      .toEqual({ email: 'a@b.in', firstName: 'Asha', lastName: 'Nair', profileImageUrl: 'https://x/p.png' });
    expect(profileFromClaims({ sub: '1', email: 'a@b.in', name: 'Mary Ann Thomas' })).toMatchObject({ firstName: 'Mary Ann', lastName: 'Thomas' });
    expect(profileFromClaims({ sub: '1', email: 'ravi@b.in', picture: 'javascript:alert(1)' })).toMatchObject({ firstName: 'ravi', lastName: '', profileImageUrl: null });
  });

  it('never takes the role from the provider: demo accounts have theirs, Google owners come from OWNER_EMAILS with a verified address', () => {
    const owners = new Set(['boss@school.in']);
    expect(roleFor('local', { sub: 'demo-owner' }, owners)).toBe('owner');
    expect(roleFor('local', { sub: 'demo-learner' }, owners)).toBe('learner');
    expect(roleFor('google', { sub: 'g1', email: 'Boss@School.in', email_verified: true }, owners)).toBe('owner');
    expect(roleFor('google', { sub: 'g1', email: 'boss@school.in', email_verified: false }, owners)).toBe('learner');
    expect(roleFor('google', { sub: 'demo-owner', email: 'x@y.in', email_verified: true, role: 'owner' } as never, owners)).toBe('learner');
  });
});
