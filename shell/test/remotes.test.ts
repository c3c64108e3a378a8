import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityFor, fetchRemotesConfig, remoteForPath } from '../src/platform/remotes.ts';

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
  ])('%s belongs to %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each(['/', '/privacy-policy', '/terms-of-service', '/refund-policy', '/disclaimer', '/nope', '/c', '/c/', '/topic', '/dashboards', '/feedbacks', '/subscribed'])(
    '%s belongs to the shell',
    (path) => {
      expect(remoteForPath(path)).toBeNull();
    },
  );

  it('gives single-spa one activity function per remote', () => {
    const at = (path: string) => new URL(path, 'http://localhost');
    expect(activityFor('challenge')(at('/c/abc?x=1'))).toBe(true);
    expect(activityFor('learn')(at('/c/abc'))).toBe(false);
    expect(activityFor('admin')(at('/admin-upload-old'))).toBe(true);
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
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('fails clearly when the gateway has no configuration', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 404, statusText: 'Not Found' })));
    await expect(fetchRemotesConfig()).rejects.toThrow('404: Not Found');
  });
});
