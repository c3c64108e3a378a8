/**
 * The single-spa root config end to end in jsdom, with the Module Federation runtime replaced by
 * in-memory remotes: one that works, one that cannot be loaded, one whose mount throws, and one
 * missing from /remotes.json. The shell keeps routing between all of them.
 */
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { navigate, useSession } from '@lp/web-platform';
import { REMOTE_UNAVAILABLE_MESSAGE } from '../src/platform/RemoteUnavailable.tsx';

type Props = { domElementGetter: () => HTMLElement };
const pageRemote = (heading: string) => ({
  bootstrap: async () => {},
  mount: async (props: Props) => {
    props.domElementGetter().innerHTML = `<h1>${heading}</h1>`;
  },
  unmount: async (props: Props) => {
    props.domElementGetter().innerHTML = '';
  },
});

const remotes: Record<string, () => Promise<unknown>> = {
  'learn/app': async () => pageRemote('Dashboard'),
  'billing/app': async () => {
    throw new Error('RUNTIME-003: Failed to get manifest /remotes/billing/mf-manifest.json');
  },
  'admin/app': async () => ({
    ...pageRemote('Admin Login'),
    mount: async () => {
      throw new Error('admin mount exploded');
    },
  }),
};

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: vi.fn(),
  registerRemotes: vi.fn(),
  loadRemote: vi.fn((id: string) => remotes[id]!()),
}));

const slotText = (name: string) => document.getElementById(`lp-app-${name}`)?.textContent ?? '';

describe('shell root config', () => {
  it('routes between working, unloadable, broken and unconfigured remotes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML = '<main id="lp-main"></main>';
    window.history.replaceState(null, '', '/dashboard');
    const { startApps } = await import('../src/platform/apps.tsx');
    const { registerPlugins, registerRemotes } = await import('@module-federation/enhanced/runtime');

    startApps({
      learn: '/remotes/learn/mf-manifest.json',
      billing: '/remotes/billing/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
    expect(registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'learn', entry: '/remotes/learn/mf-manifest.json' },
        { name: 'billing', entry: '/remotes/billing/mf-manifest.json' },
        { name: 'admin', entry: '/remotes/admin/mf-manifest.json' },
      ],
      { force: true },
    );
    // Loading a remote happens in steps a task apart (its entry, its share scope, its module's code, its mount).
    expect(vi.mocked(registerPlugins).mock.calls.flat(2).map((plugin) => plugin?.name)).toEqual(['lp-remote-fallback', 'lp-yield-between-load-steps']);

    // While the user is being checked nothing is active; once known, the route set decides.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slotText('learn')).toBe('');
    useSession.getState().setUser({ id: 'u1', email: 'asha@demo.test', firstName: 'Asha', lastName: 'Learner', role: 'learner' });
    // The remote waits for the chrome's first paint (the Chrome component, not rendered here, says when).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slotText('learn')).toBe('');
    (await import('../src/platform/chrome-painted.tsx')).markChromePainted();
    await waitFor(() => expect(slotText('learn')).toBe('Dashboard'));

    navigate('/subscribe'); // cannot be loaded
    await waitFor(() => expect(slotText('billing')).toContain(REMOTE_UNAVAILABLE_MESSAGE));
    expect(slotText('learn')).toBe('');

    navigate('/admin-login'); // mount throws
    await waitFor(() => expect(slotText('admin')).toContain(REMOTE_UNAVAILABLE_MESSAGE));
    expect(slotText('billing')).toBe('');

    navigate('/c/some-token'); // not in /remotes.json
    await waitFor(() => expect(slotText('challenge')).toContain(REMOTE_UNAVAILABLE_MESSAGE));
    expect(slotText('admin')).toBe('');

    navigate('/dashboard'); // the working remote is still fine
    await waitFor(() => expect(slotText('learn')).toBe('Dashboard'));
    expect(slotText('challenge')).toBe('');

    navigate('/admin-login'); // the broken remote shows its message again
    await waitFor(() => expect(slotText('admin')).toContain(REMOTE_UNAVAILABLE_MESSAGE));

    navigate('/privacy-policy'); // a shell page: no remote slot shows anything
    await waitFor(() => expect(['learn', 'challenge', 'billing', 'admin'].map(slotText).join('')).toBe(''));

    navigate('/dashboard');
    await waitFor(() => expect(slotText('learn')).toBe('Dashboard'));
    navigate('/test-quiz'); // a visitor-only route: signed in, it is the shell's 404, not the remote
    await waitFor(() => expect(slotText('learn')).toBe(''));

    navigate('/dashboard');
    await waitFor(() => expect(slotText('learn')).toBe('Dashboard'));
    useSession.getState().setUser(null); // signed out: the visitors' dashboard is still the remote
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slotText('learn')).toBe('Dashboard');
    navigate('/admin-upload'); // signed-in only: no remote is active for a visitor (the shell redirects)
    await waitFor(() => expect(slotText('learn')).toBe(''));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slotText('admin')).toBe('');
  });
});
