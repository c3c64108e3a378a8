import { describe, expect, it } from 'vitest';
import { clientIp } from '../../src/domain/client-ip';
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
  it('takes the address the gateway wrote (the last X-Forwarded-For entry), counting trusted hops from the end', () => {
    expect(clientIp('203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientIp('1.1.1.1, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9'); // a client-sent entry is ignored
    expect(clientIp('203.0.113.9, 10.0.0.7', '10.0.0.2', 2)).toBe('203.0.113.9');
    expect(clientIp(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientIp('203.0.113.9', '10.0.0.2', 0)).toBe('10.0.0.2');
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
