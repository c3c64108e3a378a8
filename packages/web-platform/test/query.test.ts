import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryClient } from '../src/query.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('query defaults (spec §7)', () => {
  it('never refetches on focus, never polls, is never stale, never retries, collects after 5 minutes', () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q).toMatchObject({ refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity, retry: false, gcTime: 300_000 });
  });

  it('GETs the key parts joined with "/"', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"n":3}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/chapters', 'c1', 'progress'] })).resolves.toEqual({ n: 3 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/chapters/c1/progress');
  });

  it('does not retry a failed query', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('nope', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/x'] })).rejects.toThrow('500: nope');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('hands out one shared client', () => {
    expect(getQueryClient()).toBe(getQueryClient());
  });
});
