import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { sessionHooks } from '../src/api.ts';
import { acceptDisclaimer, createQueryClient, DISCLAIMER_STATUS_QUERY_KEY } from '../src/query.tsx';
import { useSession } from '../src/session.ts';
import { ADMIN_ACCESS_STORAGE_KEY, displayName, signIn, signOut, useUser } from '../src/user.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'loading', user: null, error: null });
});

const owner = { id: 'u1', email: 'owner@demo.test', firstName: 'Owner', lastName: 'Admin', role: 'owner' as const };

describe('useUser', () => {
  it('is loading, then signed out, then signed in with the role', () => {
    const { result, rerender } = renderHook(() => useUser());
    expect(result.current).toMatchObject({ status: 'loading', signedIn: false, isOwner: false });
    useSession.getState().setUser(null);
    rerender();
    expect(result.current).toMatchObject({ status: 'unauthenticated', signedIn: false, role: null });
    useSession.getState().setUser(owner);
    rerender();
    expect(result.current).toMatchObject({ status: 'authenticated', signedIn: true, role: 'owner', isOwner: true });
  });

  it('the session store signs the user out when the API client reports the session ended', () => {
    useSession.getState().setUser(owner);
    expect(sessionHooks.shouldRefresh()).toBe(true);
    sessionHooks.onSessionEnded();
    expect(useSession.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(sessionHooks.shouldRefresh()).toBe(false);
  });

  it('a learner is not the owner', () => {
    useSession.getState().setUser({ ...owner, role: 'learner' });
    const { result } = renderHook(() => useUser());
    expect(result.current.isOwner).toBe(false);
  });
});

describe('sign-in and sign-out', () => {
  it('navigate the browser to /api/login and /api/logout', () => {
    const assign = vi.fn();
    signIn(assign);
    signOut(assign);
    expect(assign.mock.calls).toEqual([['/api/login'], ['/api/logout']]);
  });

  it('signing out forgets the browser\'s admin flag (the next user of a shared computer sees no admin screens)', () => {
    window.localStorage.setItem(ADMIN_ACCESS_STORAGE_KEY, JSON.stringify({ grantedAt: Date.now(), expiresAt: Date.now() + 60_000 }));
    signOut(vi.fn());
    expect(window.localStorage.getItem(ADMIN_ACCESS_STORAGE_KEY)).toBeNull();
  });

  it('displayName falls back to the e-mail address', () => {
    expect(displayName(owner)).toBe('Owner Admin');
    expect(displayName({ firstName: '', lastName: '', email: 'a@b.c' })).toBe('a@b.c');
  });
});

describe('acceptDisclaimer', () => {
  it('POSTs the acceptance with credentials and caches the new status', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"disclaimerAccepted":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    client.setQueryData(DISCLAIMER_STATUS_QUERY_KEY, { disclaimerAccepted: false });
    await expect(acceptDisclaimer(client)).resolves.toEqual({ disclaimerAccepted: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/disclaimer/accept', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(client.getQueryData(DISCLAIMER_STATUS_QUERY_KEY)).toEqual({ disclaimerAccepted: true });
  });

  it('raises "status: body" and leaves the status alone when the server refuses', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('down', { status: 503 })));
    const client = createQueryClient();
    client.setQueryData(DISCLAIMER_STATUS_QUERY_KEY, { disclaimerAccepted: false });
    await expect(acceptDisclaimer(client)).rejects.toThrow('503: down');
    expect(client.getQueryData(DISCLAIMER_STATUS_QUERY_KEY)).toEqual({ disclaimerAccepted: false });
  });
});
