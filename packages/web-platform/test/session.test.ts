import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type CurrentUser } from '../src/api.ts';
import { loadUser, useSession } from '../src/session.ts';

const user = (id: string): CurrentUser => ({ id, email: `${id}@example.com`, firstName: 'Asha', lastName: 'Nair', role: 'learner' });

beforeEach(() => {
  vi.useFakeTimers();
  useSession.setState({ status: 'loading', user: null, error: null });
});
afterEach(() => vi.useRealTimers());

describe('loadUser', () => {
  it('stores the signed-in user', async () => {
    await loadUser(async () => user('u1'));
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user: { id: 'u1' } });
  });

  it('treats "no user" as signed out', async () => {
    await loadUser(async () => null);
    expect(useSession.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });

  it('never retries a 401', async () => {
    const fetchUser = vi.fn().mockRejectedValue(new ApiError(401, '401: Unauthorized'));
    await loadUser(fetchUser);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(useSession.getState().status).toBe('unauthenticated');
  });

  it('retries other failures up to 2 times, 1000 ms apart, then gives up', async () => {
    const fetchUser = vi.fn().mockRejectedValue(new Error('503: Service Unavailable'));
    const done = loadUser(fetchUser);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchUser).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchUser).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(done).resolves.toBeNull();
    expect(fetchUser).toHaveBeenCalledTimes(3);
    expect(useSession.getState()).toMatchObject({ status: 'unauthenticated', error: '503: Service Unavailable' });
  });

  it('succeeds on a retry', async () => {
    const fetchUser = vi.fn().mockRejectedValueOnce(new Error('500: boom')).mockResolvedValue(user('u2'));
    const done = loadUser(fetchUser);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toEqual(user('u2'));
    expect(useSession.getState().status).toBe('authenticated');
  });

  it('shares one request between concurrent callers', async () => {
    const fetchUser = vi.fn().mockResolvedValue(user('u3'));
    await Promise.all([loadUser(fetchUser), loadUser(fetchUser)]);
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });
});
