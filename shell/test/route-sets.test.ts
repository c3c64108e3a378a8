import { describe, expect, it } from 'vitest';
import { activeRemote, decideRoute } from '../src/platform/route-sets.ts';

const signedIn = (path: string, role: 'learner' | 'owner' = 'learner') => decideRoute(path, 'authenticated', role);
const signedOut = (path: string) => decideRoute(path, 'unauthenticated', null);

describe('route sets (spec §2)', () => {
  it('shows only the Loading screen while the user is being checked, whatever the path', () => {
    for (const path of ['/', '/dashboard', '/c/abc', '/subscribe', '/privacy-policy', '/nope']) {
      expect(decideRoute(path, 'loading')).toEqual({ kind: 'loading' });
      expect(activeRemote(path, 'loading')).toBeNull();
    }
  });

  describe('signed in', () => {
    it('/ is the marketing home, behind the disclaimer', () => {
      expect(signedIn('/')).toEqual({ kind: 'shell', page: 'home', disclaimer: true });
    });

    it.each([
      ['/dashboard', 'learn'],
      ['/topic/t1', 'learn'],
      ['/quiz/review', 'learn'],
      ['/quiz/chapter/c1', 'learn'],
      ['/download-biology', 'learn'],
      ['/subscribe', 'billing'],
      ['/subscription', 'billing'],
      ['/test-payment', 'billing'],
      ['/payment-status', 'billing'],
      ['/feedback', 'billing'],
      ['/admin-login', 'admin'],
      ['/admin-upload', 'admin'],
      ['/admin-upload-old', 'admin'],
      ['/admin-revision-settings', 'admin'],
      ['/admin-feedback', 'admin'],
    ['/admin-feedback', 'admin'],
      ['/challenge/ch1', 'challenge'],
      ['/c/some-token', 'challenge'],
    ])('%s is the %s remote, behind the disclaimer', (path, app) => {
      expect(signedIn(path)).toEqual({ kind: 'remote', app, disclaimer: true });
    });

    it.each(['/privacy-policy', '/terms-of-service', '/refund-policy', '/disclaimer'])('%s is a policy page, readable before accepting', (path) => {
      expect(signedIn(path)).toEqual({ kind: 'shell', page: path.slice(1), disclaimer: false });
    });

    it.each(['/some/unknown', '/test-quiz', '/simple-quiz', '/dashboards', '/topic', '/c', '/quiz/a/b/c'])('%s is the 404 page', (path) => {
      expect(signedIn(path)).toEqual({ kind: 'shell', page: 'not-found', disclaimer: false });
    });

    it('does not depend on the role (admin screens check it themselves)', () => {
      expect(signedIn('/admin-upload', 'owner')).toEqual(signedIn('/admin-upload', 'learner'));
    });
  });

  describe('signed out', () => {
    it('/ is the landing page', () => {
      expect(signedOut('/')).toEqual({ kind: 'shell', page: 'landing', disclaimer: false });
    });

    it.each([
      ['/dashboard', 'learn'],
      ['/admin-login', 'admin'],
      ['/download-biology', 'learn'],
      ['/test-quiz', 'learn'],
      ['/simple-quiz', 'learn'],
      ['/quiz/sample', 'learn'],
      ['/quiz/chapter/c1', 'learn'],
      ['/challenge/ch1', 'challenge'],
      ['/c/some-token', 'challenge'],
    ])('%s is the %s remote, with no disclaimer', (path, app) => {
      expect(signedOut(path)).toEqual({ kind: 'remote', app, disclaimer: false });
      expect(activeRemote(path, 'unauthenticated')).toBe(app);
    });

    it.each(['/privacy-policy', '/terms-of-service', '/refund-policy', '/disclaimer'])('%s is a policy page', (path) => {
      expect(signedOut(path)).toMatchObject({ kind: 'shell', page: path.slice(1) });
    });

    it.each(['/subscribe', '/subscription'])('%s sends the visitor to sign in and back', (path) => {
      expect(signedOut(path)).toEqual({ kind: 'redirect', to: `/api/login?returnTo=${encodeURIComponent(path)}` });
      expect(activeRemote(path, 'unauthenticated')).toBeNull();
    });

    it.each([
      '/test-payment',
      '/payment-status',
      '/admin-upload',
      '/admin-upload-old',
      '/admin-revision-settings',
      '/admin-feedback',
      '/admin-versions',
      '/admin-metrics',
      '/feedback',
      '/topic/t1',
    ])('protected %s sends the visitor to /, and no remote is active', (path) => {
      expect(signedOut(path)).toEqual({ kind: 'redirect', to: '/' });
      expect(activeRemote(path, 'unauthenticated')).toBeNull();
    });

    it.each(['/some/unknown', '/nope', '/topic', '/dashboards'])('any other path (%s) shows the landing page', (path) => {
      expect(signedOut(path)).toEqual({ kind: 'shell', page: 'landing', disclaimer: false });
    });
  });

  it('ignores a trailing slash', () => {
    expect(signedOut('/dashboard/')).toMatchObject({ kind: 'remote', app: 'learn' });
    expect(signedIn('/privacy-policy/')).toMatchObject({ kind: 'shell', page: 'privacy-policy' });
  });
});
