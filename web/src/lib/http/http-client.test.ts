import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpClientConfig } from './http-client';

type Handler = (request: Request) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function setup(handler: Handler, overrides: Partial<HttpClientConfig> = {}) {
  const state = { token: 'old-token', waiting: [] as boolean[], lost: 0 };
  const requests: Request[] = [];
  const renew = vi.fn(async (): Promise<string | null> => {
    await new Promise((r) => setTimeout(r, 5));
    state.token = 'new-token';
    return state.token;
  });
  const client = createHttpClient({
    baseUrl: '/api/internal',
    getToken: () => state.token,
    renewal: { readiness: () => 'yes', renew },
    onSessionLost: () => {
      state.lost += 1;
      state.token = '';
    },
    setWaiting: (w) => state.waiting.push(w),
    fetch: async (request) => {
      requests.push(request);
      return handler(request);
    },
    ...overrides,
  });
  return { client, state, requests, renew };
}

const bearer = (r: Request) => r.headers.get('authorization');

describe('http client', () => {
  it('sends a uuid v4 request id, the bearer token and the time zone on every call', async () => {
    const { client, requests } = setup(() => json(200, { ok: true }));
    const result = await client.request({ url: '/InstanceSettings', params: { a: 1, b: undefined } });
    expect(result.data).toEqual({ ok: true });
    const [request] = requests;
    expect(request!.url).toMatch(/\/api\/internal\/InstanceSettings\?a=1$/);
    expect(request!.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bearer(request!)).toBe('Bearer old-token');
    expect(request!.headers.get('x-timezone')).toBeTruthy();
    await client.request({ url: '/x' });
    expect(requests[1]!.headers.get('x-request-id')).not.toBe(request!.headers.get('x-request-id'));
  });

  it('lets the app decorate each request (a public chat visitor’s signed token)', async () => {
    const decorate = vi.fn((headers: Headers) => {
      if (headers.has('SessionIdentifier')) headers.set('X-Visitor-Token', 'a.b.c');
    });
    const { client, requests } = setup(() => json(200, {}), { decorate });
    await client.request({ url: '/public-conversations/x/details', headers: { SessionIdentifier: 's' } });
    await client.request({ url: '/x' });
    expect(decorate).toHaveBeenCalledTimes(2);
    expect(requests[0]!.headers.get('x-visitor-token')).toBe('a.b.c');
    expect(requests[1]!.headers.get('x-visitor-token')).toBeNull();
  });

  it('neither renews nor ends the session on a 401 of a request the app says is not about it', async () => {
    const { client, state, renew, requests } = setup(() => json(401, { code: 'unauthenticated', message: 'Your sign-in could not be checked' }), {
      skipsRenewal: (args) => new Headers(args.headers).has('SessionIdentifier'),
    });
    const result = await client.request({ url: '/public-conversations/x', headers: { SessionIdentifier: 's' } });
    expect(result.error?.status).toBe(401);
    expect(renew).not.toHaveBeenCalled();
    expect(state.lost).toBe(0);
    expect(requests).toHaveLength(1);
  });

  it('stores x-cosmos response headers in any case and sends them back', async () => {
    let call = 0;
    const { client, requests } = setup(() => (call++ === 0 ? json(200, {}, { 'X-Cosmos-Session-Token': 'abc', 'x-other': 'no' }) : json(200, {})));
    await client.request({ url: '/a' });
    await client.request({ url: '/b' });
    expect(requests[0]!.headers.get('x-cosmos-session-token')).toBeNull();
    expect(requests[1]!.headers.get('x-cosmos-session-token')).toBe('abc');
    expect(requests[1]!.headers.get('x-other')).toBeNull();
  });

  it('renews the token once for concurrent 401s and repeats each call with the new token', async () => {
    const { client, requests, renew, state } = setup((r) =>
      bearer(r) === 'Bearer new-token' ? json(200, { url: new URL(r.url).pathname }) : json(401, { code: 'unauthenticated', message: 'no', details: [] }),
    );
    const results = await Promise.all(['/a', '/b', '/c'].map((url) => client.request({ url })));
    expect(renew).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.data)).toEqual([{ url: '/api/internal/a' }, { url: '/api/internal/b' }, { url: '/api/internal/c' }]);
    expect(requests.filter((r) => bearer(r) === 'Bearer new-token')).toHaveLength(3);
    expect(state.lost).toBe(0);
  });

  it('clears the session when renewal fails or there is nothing to renew with', async () => {
    const failing = setup(() => json(401, { message: 'no' }), {});
    failing.renew.mockResolvedValueOnce(null);
    const result = await failing.client.request({ url: '/a' });
    expect(result.error).toMatchObject({ status: 401 });
    expect(failing.state.lost).toBe(1);

    const renewSpy = vi.fn(async () => 'x');
    const none = setup(() => json(401, {}), { renewal: { readiness: () => 'no', renew: renewSpy } });
    await none.client.request({ url: '/a' });
    expect(renewSpy).not.toHaveBeenCalled();
    expect(none.state.lost).toBe(1);
  });

  it('waits 500 ms for renewal arguments that are not known yet', async () => {
    vi.useFakeTimers();
    let readiness: 'unknown' | 'yes' = 'unknown';
    const renew = vi.fn(async () => 'new-token');
    const { client } = setup((r) => (bearer(r) === 'Bearer new-token' ? json(200, 1) : json(401, {})), {
      renewal: { readiness: () => readiness, renew },
    });
    const pending = client.request({ url: '/a' });
    await vi.advanceTimersByTimeAsync(400);
    readiness = 'yes';
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect((await pending).data).toBe(1);
    expect(renew).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('does not renew for calls that obtain tokens', async () => {
    const { client, renew } = setup(() => json(401, { message: 'Wrong' }));
    const result = await client.request({ url: '/authorization/Local/GenerateToken', skipTokenRenewal: true });
    expect(renew).not.toHaveBeenCalled();
    expect(result.error).toEqual({ status: 401, data: { message: 'Wrong' } });
  });

  describe('503', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('retries after Retry-After seconds (default 10) until the answer is not 503', async () => {
      const answers = [
        () => new Response('', { status: 503, headers: { 'retry-after': '3' } }),
        () => new Response('', { status: 503 }),
        () => json(200, { done: true }),
      ];
      const { client, requests, state } = setup(() => answers.shift()!());
      const pending = client.request({ url: '/a' });
      await vi.advanceTimersByTimeAsync(0);
      expect(requests).toHaveLength(1);
      expect(state.waiting).toEqual([true]);
      await vi.advanceTimersByTimeAsync(2999);
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(9999);
      expect(requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).data).toEqual({ done: true });
      expect(state.waiting).toEqual([true, false]);
    });
  });

  it('reports the error kinds: numeric status with data, 500 as text, parsing, fetch and timeout', async () => {
    const cases: Array<[Handler, unknown]> = [
      [() => json(404, { code: 'not_found', message: 'x', details: [] }), { status: 404, data: { code: 'not_found', message: 'x', details: [] } }],
      [() => new Response('{"looks":"json"}', { status: 500 }), { status: 500, data: '{"looks":"json"}' }],
      [() => new Response('not json', { status: 200 }), { status: 'PARSING_ERROR', originalStatus: 200, data: 'not json' }],
      [() => Promise.reject(new TypeError('Failed to fetch')), { status: 'FETCH_ERROR', error: 'Failed to fetch' }],
    ];
    for (const [handler, expected] of cases) {
      const { client } = setup(handler);
      expect((await client.request({ url: '/a' })).error).toMatchObject(expected as object);
    }
    const slow = setup(
      (r) => new Promise<Response>((_, reject) => r.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    expect((await slow.client.request({ url: '/a', timeout: 20 })).error).toMatchObject({ status: 'TIMEOUT_ERROR' });
  });

  it('reads text and download bodies', async () => {
    const { client } = setup(() => new Response('a,b', { headers: { 'content-disposition': 'attachment; filename="report.csv"' } }));
    expect((await client.request({ url: '/a', responseKind: 'text' })).data).toBe('a,b');
    const download = await client.request<{ blob: Blob; fileName: string }>({ url: '/a', responseKind: 'download' });
    expect(download.data?.fileName).toBe('report.csv');
    expect(await download.data?.blob.text()).toBe('a,b');
  });
});
