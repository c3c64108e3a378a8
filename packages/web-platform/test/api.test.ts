import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorCodeOf, errorMessageOf, fetchCurrentUser, getJson, isUnauthorized, sendJson, sessionHooks, statusOf } from '../src/api.ts';

const respond = (status: number, body: string, statusText = '') =>
  vi.fn().mockResolvedValue(new Response(status === 204 ? null : body, { status, statusText }));

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('GETs JSON with the session cookie', async () => {
    const fetchMock = respond(200, '{"id":"t1"}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(getJson('/api/topics/t1')).resolves.toEqual({ id: 't1' });
    expect(fetchMock).toHaveBeenCalledWith('/api/topics/t1', expect.objectContaining({ credentials: 'include' }));
  });

  it('raises "status: body" on a non-OK answer', async () => {
    vi.stubGlobal('fetch', respond(403, 'Subscription required'));
    await expect(getJson('/api/x')).rejects.toThrow(/^403: Subscription required$/);
  });

  it('raises "status: status text" when the body is empty', async () => {
    vi.stubGlobal('fetch', respond(500, '', 'Internal Server Error'));
    await expect(sendJson('POST', '/api/x', {})).rejects.toThrow(/^500: Internal Server Error$/);
  });

  it('raises a typed ApiError: status, code and body as data, the message rendered from them', async () => {
    const text = '{"statusCode":409,"error":"Conflict","message":"Finish or delete your paused quiz first.","code":"SESSION_PAUSED"}';
    vi.stubGlobal('fetch', respond(409, text));
    const error = await sendJson('POST', '/api/sessions', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const api = error as ApiError;
    expect(api).toMatchObject({ status: 409, code: 'SESSION_PAUSED', reason: 'Finish or delete your paused quiz first.' });
    expect(api.body).toEqual(JSON.parse(text));
    expect(api.message).toBe(`409: ${text}`);
    expect([statusOf(api), errorCodeOf(api), errorMessageOf(api)]).toEqual([409, 'SESSION_PAUSED', 'Finish or delete your paused quiz first.']);
  });


  it('keeps a body that is not JSON as text, with no code', async () => {
    vi.stubGlobal('fetch', respond(502, 'Bad gateway'));
    const api = (await getJson('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(api).toMatchObject({ status: 502, code: null, body: 'Bad gateway', reason: 'Bad gateway', message: '502: Bad gateway' });
    vi.stubGlobal('fetch', respond(400, '{not json'));
    expect(await getJson('/api/x').catch((e: unknown) => e)).toMatchObject({ status: 400, code: null, body: '{not json', message: '400: {not json' });
  });

  it('reads other failures as no status (a network error is not an ApiError)', () => {
    const offline = new TypeError('Failed to fetch');
    expect([statusOf(offline), errorCodeOf(offline), errorMessageOf(offline), isUnauthorized(offline)]).toEqual([null, null, 'Failed to fetch', false]);
    expect(isUnauthorized(new ApiError(401, 'expired'))).toBe(true);
    // A plain Error that merely looks like one is not parsed.
    expect(statusOf(new Error('401: expired'))).toBeNull();
  });

  it("errorMessageOf gives the service's message, else the fallback when one is given, else the error's text", () => {
    const told = new ApiError(400, { statusCode: 400, error: 'Bad Request', message: 'Missing fields, Please fill in all required fields' });
    const silent = new ApiError(502, 'Bad gateway');
    const offline = new TypeError('Failed to fetch');
    expect([told, silent, offline].map((e) => errorMessageOf(e, 'Please try again later'))).toEqual([
      'Missing fields, Please fill in all required fields', 'Please try again later', 'Please try again later',
    ]);
    expect([told, silent, offline].map((e) => errorMessageOf(e))).toEqual(['Missing fields, Please fill in all required fields', 'Bad gateway', 'Failed to fetch']);
  });

  it('sends mutations as JSON with credentials', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await sendJson('PATCH', '/api/user/class', { selectedClass: 'CBSE Class 10' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include', body: '{"selectedClass":"CBSE Class 10"}' });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('treats a 204 as no content', async () => {
    vi.stubGlobal('fetch', respond(204, ''));
    await expect(sendJson('DELETE', '/api/sessions/1')).resolves.toBeUndefined();
  });

  it('fetchCurrentUser returns null on 401 and raises on other errors', async () => {
    vi.stubGlobal('fetch', respond(401, 'Unauthorized'));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    vi.stubGlobal('fetch', respond(502, 'Bad gateway'));
    await expect(fetchCurrentUser()).rejects.toThrow('502: Bad gateway');
    vi.stubGlobal('fetch', respond(200, '{"id":"u1","email":"a@b.c"}'));
    await expect(fetchCurrentUser()).resolves.toEqual({ id: 'u1', email: 'a@b.c' });
  });

  it('fetchCurrentUser reads the 401 body, so the request finishes (the network goes idle)', async () => {
    const res = new Response('{"statusCode":401}', { status: 401 });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(res));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(res.bodyUsed).toBe(true);
  });
});

describe('session token renewal', () => {
  /** Answers by URL: `/api/auth/refresh` with `refresh`, anything else from `answers` in turn. */
  const server = (refresh: number, ...answers: [number, string][]) =>
    vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/auth/refresh') return new Response('{}', { status: refresh });
      const [status, body] = answers.shift() ?? [500, 'no more answers'];
      return new Response(body, { status });
    });

  afterEach(() => {
    sessionHooks.shouldRefresh = () => true;
    sessionHooks.onSessionEnded = () => {};
  });

  it('renews the token after a 401 and repeats the call once', async () => {
    const fetchMock = server(200, [401, 'expired'], [200, '{"ok":true}']);
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendJson('POST', '/api/answers', { a: 1 })).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/answers', '/api/auth/refresh', '/api/answers']);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ method: 'POST', credentials: 'include' });
  });

  it('raises the original 401 and ends the session when renewal is refused', async () => {
    const ended = vi.fn();
    sessionHooks.onSessionEnded = ended;
    vi.stubGlobal('fetch', server(401, [401, 'Sign in to continue.']));
    await expect(getJson('/api/sessions/stats')).rejects.toThrow('401: Sign in to continue.');
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('shares one renewal between concurrent calls, and never renews for a visitor or for the user fetch', async () => {
    const fetchMock = server(200, [401, 'x'], [401, 'y'], [200, '1'], [200, '2']);
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([getJson('/api/a'), getJson('/api/b')]);
    expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/auth/refresh')).toHaveLength(1);

    sessionHooks.shouldRefresh = () => false;
    const visitor = server(200, [401, 'Sign in to continue.']);
    vi.stubGlobal('fetch', visitor);
    await expect(getJson('/api/a')).rejects.toThrow(/^401: /);
    expect(visitor).toHaveBeenCalledTimes(1);

    sessionHooks.shouldRefresh = () => true;
    const user = server(200, [401, 'none']);
    vi.stubGlobal('fetch', user);
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(user).toHaveBeenCalledTimes(1);
  });
});

describe('traces (issue 29 §1): the browser starts each call\'s trace', () => {
  it('every call starts a trace: a W3C traceparent (version 00, 16-byte trace id, 8-byte span id, sampled), new each call', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await getJson('/api/x');
    await sendJson('POST', '/api/answers', {});
    const sent = fetchMock.mock.calls.map(([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers);
    for (const headers of sent) expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(sent[0]!.traceparent).not.toBe(sent[1]!.traceparent);
    // The call's own headers are kept beside it.
    expect(sent[1]!['Content-Type'] ?? sent[1]!['content-type']).toBe('application/json');
  });
});
