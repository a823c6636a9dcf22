import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http-client';
import { sendWithXhr, type UploadProgress } from './xhr-send';

type Answer = { status: number; body?: string; headers?: string } | 'network-error' | 'never';

/** A stand-in for the browser's XMLHttpRequest: records the request and answers as told. */
function fakeXhr(answer: Answer, progress: [number, number][] = []) {
  const sent: FakeXhr[] = [];
  class FakeXhr {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    responseType = '';
    withCredentials = false;
    status = 0;
    statusText = '';
    response: ArrayBuffer | null = null;
    aborted = false;
    upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private responseHeaders = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return this.responseHeaders;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      this.body = body;
      sent.push(this);
      queueMicrotask(() => {
        for (const [loaded, total] of progress) this.upload.onprogress?.({ loaded, total, lengthComputable: total > 0 });
        if (answer === 'never') return;
        if (answer === 'network-error') return this.onerror?.();
        this.status = answer.status;
        this.responseHeaders = answer.headers ?? '';
        this.response = answer.body === undefined ? null : new TextEncoder().encode(answer.body).buffer;
        this.onload?.();
      });
    }
  }
  return { Xhr: FakeXhr as unknown as new () => XMLHttpRequest, sent };
}

const form = () => {
  const body = new FormData();
  body.append('file', new Blob(['hello']), 'a.txt');
  return body;
};

describe('sendWithXhr', () => {
  it('sends the request headers except the multipart type the browser sets itself, reports progress and answers a Response', async () => {
    const { Xhr, sent } = fakeXhr({ status: 200, body: '{"attachmentId":"x"}', headers: 'content-type: application/json\r\nx-cosmos-a: 1\r\n' }, [
      [5, 10],
      [10, 10],
    ]);
    const body = form();
    const request = new Request('http://localhost/api/internal/attachments', {
      method: 'POST',
      body,
      headers: { authorization: 'Bearer t', 'x-request-id': 'r1' },
    });
    const seen: UploadProgress[] = [];
    const response = await sendWithXhr(request, body, (p) => seen.push(p), Xhr);
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'http://localhost/api/internal/attachments', responseType: 'arraybuffer' });
    expect(sent[0]!.body).toBe(body);
    expect(sent[0]!.headers).toMatchObject({ authorization: 'Bearer t', 'x-request-id': 'r1' });
    expect(Object.keys(sent[0]!.headers)).not.toContain('content-type');
    expect(seen).toEqual([
      { loaded: 5, total: 10 },
      { loaded: 10, total: 10 },
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cosmos-a')).toBe('1');
    expect(await response.json()).toEqual({ attachmentId: 'x' });
  });

  it('reports an unknown length as total 0', async () => {
    const { Xhr } = fakeXhr({ status: 204 }, [[3, 0]]);
    const seen: UploadProgress[] = [];
    const response = await sendWithXhr(new Request('http://localhost/x', { method: 'POST', body: 'abc' }), 'abc', (p) => seen.push(p), Xhr);
    expect(seen).toEqual([{ loaded: 3, total: 0 }]);
    expect(response.status).toBe(204);
  });

  it('rejects like fetch on a network failure and on an abort', async () => {
    const failing = fakeXhr('network-error');
    await expect(sendWithXhr(new Request('http://localhost/x', { method: 'POST', body: 'a' }), 'a', () => undefined, failing.Xhr)).rejects.toBeInstanceOf(
      TypeError,
    );

    const hanging = fakeXhr('never');
    const controller = new AbortController();
    const pending = sendWithXhr(new Request('http://localhost/x', { method: 'POST', body: 'a', signal: controller.signal }), 'a', () => undefined, hanging.Xhr);
    await Promise.resolve();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(hanging.sent[0]!.aborted).toBe(true);
  });
});

describe('the http client with onUploadProgress', () => {
  afterEach(() => vi.unstubAllGlobals());

  const client = (fetch = vi.fn()) =>
    createHttpClient({
      baseUrl: '/api/internal',
      getToken: () => 'the-token',
      renewal: { readiness: () => 'no', renew: async () => null },
      onSessionLost: () => undefined,
      setWaiting: () => undefined,
      fetch,
    });

  it('goes through XMLHttpRequest with the bearer token and request id, and reports progress', async () => {
    const { Xhr, sent } = fakeXhr({ status: 200, body: '{"ok":true}', headers: 'content-type: application/json' }, [[50, 100]]);
    vi.stubGlobal('XMLHttpRequest', Xhr);
    const fetch = vi.fn();
    const seen: UploadProgress[] = [];
    const r = await client(fetch).request({
      url: '/attachments',
      method: 'POST',
      params: { attachmentType: 'FileSearch' },
      body: form(),
      onUploadProgress: (p) => seen.push(p),
    });
    expect(r.data).toEqual({ ok: true });
    expect(fetch).not.toHaveBeenCalled();
    expect(sent[0]!.url).toMatch(/\/api\/internal\/attachments\?attachmentType=FileSearch$/);
    expect(sent[0]!.headers.authorization).toBe('Bearer the-token');
    expect(sent[0]!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen).toEqual([{ loaded: 50, total: 100 }]);
  });

  it("returns the server's {code, message} error body as for fetch", async () => {
    const error = { code: 'unsupported_file_type', message: 'tool.exe is not a supported file type.', details: [] };
    vi.stubGlobal('XMLHttpRequest', fakeXhr({ status: 400, body: JSON.stringify(error), headers: 'content-type: application/json' }).Xhr);
    const r = await client().request({ url: '/attachments', method: 'POST', body: form(), onUploadProgress: () => undefined });
    expect(r.error).toEqual({ status: 400, data: error });
  });

  it('reports a failed connection as FETCH_ERROR', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr('network-error').Xhr);
    const r = await client().request({ url: '/attachments', method: 'POST', body: form(), onUploadProgress: () => undefined });
    expect(r.error?.status).toBe('FETCH_ERROR');
  });
});
