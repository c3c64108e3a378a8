import { GetChallengeByToken as FullGetChallengeByToken } from '@lp/contracts';
import { AnswerChallengeQuestion, GetChallengeByToken, SearchUsers } from '@lp/contracts/urls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRoute, sendRoute } from '../src/route-calls.ts';

const respond = (body: string) => vi.fn().mockImplementation(async () => new Response(body, { status: 200 }));

afterEach(() => vi.unstubAllGlobals());

describe('typed route calls', () => {
  it('GETs the URL of a schema-free route, path parameters encoded, and returns its JSON', async () => {
    const fetchMock = respond('{"challengerName":"Ravi"}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(getRoute(GetChallengeByToken, { token: 'a/b c' })).resolves.toEqual({ challengerName: 'Ravi' });
    expect(fetchMock).toHaveBeenCalledWith('/api/challenges/token/a%2Fb%20c', expect.objectContaining({ credentials: 'include' }));
  });

  it('appends the query and calls the same URL from a full contract', async () => {
    const fetchMock = respond('{}');
    vi.stubGlobal('fetch', fetchMock);
    await getRoute(SearchUsers, undefined, { email: 'a+b@x.in' });
    await getRoute(FullGetChallengeByToken, { token: 't1' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/search?email=a%2Bb%40x.in', '/api/challenges/token/t1']);
  });

  it("sends with the route's method and the body as JSON", async () => {
    const fetchMock = respond('{"correct":true}');
    vi.stubGlobal('fetch', fetchMock);
    await sendRoute(AnswerChallengeQuestion, { token: 't1', attemptId: 'a1' }, { attemptKey: 'k', questionId: 'q1', answer: 2 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/challenges/token/t1/attempts/a1/answers');
    expect(init).toMatchObject({ method: 'POST', body: '{"attemptKey":"k","questionId":"q1","answer":2}' });
  });
});
