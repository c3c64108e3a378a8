import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityFor, applyDevRemotes, DEV_REMOTES_KEY, fetchRemotesConfig, isLoopbackManifest, remoteForPath } from '../src/platform/remotes.ts';

describe('remote route table (ARCHITECTURE.md)', () => {
  it.each([
    ['/dashboard', 'learn'],
    ['/topic/42', 'learn'],
    ['/quiz/review', 'learn'],
    ['/quiz/chapter/c1', 'learn'],
    ['/test-quiz', 'learn'],
    ['/simple-quiz', 'learn'],
    ['/download-biology', 'learn'],
    ['/challenge/ch1', 'challenge'],
    ['/c/some-token', 'challenge'],
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
    ['/admin-flags', 'admin'],
    ['/admin-versions', 'admin'],
    ['/admin-metrics', 'admin'],
  ])('%s belongs to %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each(['/', '/privacy-policy', '/terms-of-service', '/refund-policy', '/disclaimer', '/nope', '/c', '/c/', '/topic', '/dashboards', '/feedbacks', '/subscribed'])(
    '%s belongs to the shell',
    (path) => {
      expect(remoteForPath(path)).toBeNull();
    },
  );

  it('gives single-spa one activity function per remote, following the route set of the auth state', () => {
    const at = (path: string) => new URL(path, 'http://localhost');
    const signedIn = () => ({ status: 'authenticated' as const, role: 'learner' as const });
    const signedOut = () => ({ status: 'unauthenticated' as const, role: null });
    const loading = () => ({ status: 'loading' as const, role: null });
    expect(activityFor('challenge', signedOut)(at('/c/abc?x=1'))).toBe(true);
    expect(activityFor('learn', signedOut)(at('/c/abc'))).toBe(false);
    expect(activityFor('admin', signedIn)(at('/admin-upload-old'))).toBe(true);
    // Signed out, a signed-in-only route activates nothing (the shell redirects to /).
    expect(activityFor('admin', signedOut)(at('/admin-upload-old'))).toBe(false);
    expect(activityFor('billing', signedOut)(at('/subscribe'))).toBe(false);
    // Signed in, the visitor-only sample pages are not routes (404).
    expect(activityFor('learn', signedIn)(at('/test-quiz'))).toBe(false);
    expect(activityFor('learn', signedOut)(at('/test-quiz'))).toBe(true);
    // Nothing is active until the user is known.
    expect(activityFor('challenge', loading)(at('/c/abc'))).toBe(false);
  });

  it('reads the shared session store by default', async () => {
    const { useSession } = await import('@lp/web-platform');
    const at = (path: string) => new URL(path, 'http://localhost');
    useSession.setState({ status: 'loading', user: null });
    expect(activityFor('billing')(at('/feedback'))).toBe(false);
    useSession.getState().setUser({ id: 'u1', email: 'a@b.c', firstName: 'A', lastName: 'B', role: 'learner' });
    expect(activityFor('billing')(at('/feedback'))).toBe(true);
    useSession.getState().setUser(null);
    expect(activityFor('billing')(at('/feedback'))).toBe(false);
  });
});

describe('fetchRemotesConfig', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads name → manifest URL without caching', async () => {
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ learn: '/remotes/learn/mf-manifest.json', challenge: '/remotes/challenge/mf-manifest.json', bad: 3 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchRemotesConfig()).resolves.toEqual({
      learn: '/remotes/learn/mf-manifest.json',
      challenge: '/remotes/challenge/mf-manifest.json',
    });
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.not.objectContaining({ cache: expect.anything() }));
  });

  it('fails clearly when the gateway has no configuration', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 404, statusText: 'Not Found' })));
    await expect(fetchRemotesConfig()).rejects.toThrow('404: Not Found');
  });
});

describe('a remote from a local dev server (npm run dev -w <remote>)', () => {
  const storage = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    } as unknown as Storage;
  };
  const deployed = { learn: '/remotes/learn/mf-manifest.json', challenge: '/remotes/challenge/mf-manifest.json' };

  it('uses the dev server named in ?lp-dev-remote and remembers it until cleared', () => {
    const store = storage();
    const dev = 'http://127.0.0.1:3001/mf-manifest.json';
    expect(applyDevRemotes(deployed, { search: `?lp-dev-remote=learn=${encodeURIComponent(dev)}` }, store)).toEqual({ ...deployed, learn: dev });
    expect(applyDevRemotes(deployed, { search: '' }, store)).toEqual({ ...deployed, learn: dev });
    expect(applyDevRemotes(deployed, { search: '?lp-dev-remote=learn=' }, store)).toEqual(deployed);
    expect(store.getItem(DEV_REMOTES_KEY)).toBeNull();
  });

  it('accepts loopback addresses only, so a link cannot load someone else\'s code', () => {
    const store = storage();
    const quiet = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(applyDevRemotes(deployed, { search: '?lp-dev-remote=learn=https://evil.example/mf-manifest.json' }, store)).toEqual(deployed);
    store.setItem(DEV_REMOTES_KEY, JSON.stringify({ learn: 'https://evil.example/x.json' }));
    expect(applyDevRemotes(deployed, { search: '' }, store)).toEqual(deployed);
    quiet.mockRestore();
    expect(isLoopbackManifest('http://localhost:3002/mf-manifest.json')).toBe(true);
    expect(isLoopbackManifest('javascript:alert(1)')).toBe(false);
  });
});
