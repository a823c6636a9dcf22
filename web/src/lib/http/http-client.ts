// The generic fetch client: request ids, bearer token, time zone, x-cosmos session headers,
// timeouts, error kinds, and the 401 (renew once, shared) and 503 (Retry-After) rules of docs/product.md §8.
import { newRequestId } from './request-id';
import { SessionHeaderStore } from './session-headers';
import { sendWithXhr } from './xhr-send';
import type { HttpError, HttpMeta, HttpResult, RequestArgs } from './http.types';

export const DefaultTimeoutMs = 60_000;
export const RenewalArgumentsWaitMs = 500;
export const DefaultRetryAfterSeconds = 10;

/** 'unknown' while the sign-in arguments may still be loading; 'no' when there is nothing to renew with. */
export type RenewalReadiness = 'yes' | 'no' | 'unknown';

export interface HttpClientConfig {
  baseUrl: string;
  getToken: () => string;
  renewal: {
    readiness: () => RenewalReadiness;
    /** Obtains a new platform token (and stores it); null when that failed. */
    renew: () => Promise<string | null>;
  };
  /** Renewal failed or the renewed token was refused too: the session is over. */
  onSessionLost: () => void;
  /** True while the server answers 503 and the client waits to retry. */
  setWaiting: (waiting: boolean) => void;
  fetch?: (request: Request) => Promise<Response>;
  sleep?: (ms: number) => Promise<void>;
  sessionHeaders?: SessionHeaderStore;
  /** adds headers of the app's own to each request (a public chat visitor's signed token) */
  decorate?: (headers: Headers) => void;
  /** requests whose 401 says nothing about the person's session (a public chat visitor's): no renewal, no sign-out */
  skipsRenewal?: (args: RequestArgs) => boolean;
}

export interface HttpClient {
  request: <T = unknown>(args: RequestArgs) => Promise<HttpResult<T>>;
  sessionHeaders: SessionHeaderStore;
}

const timeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

const retryAfterMs = (response: Response | undefined): number => {
  const raw = response?.headers.get('retry-after');
  if (raw) {
    const seconds = Number(raw);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(raw);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return DefaultRetryAfterSeconds * 1000;
};

const buildUrl = (baseUrl: string, args: RequestArgs): string => {
  const url = /^https?:\/\//i.test(args.url) ? args.url : `${baseUrl}${args.url}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(args.params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const qs = query.toString();
  // Request needs an absolute URL outside the browser (tests); in the browser this is the same origin.
  const absolute = new URL(url, globalThis.location?.origin ?? 'http://localhost').toString();
  return qs ? `${absolute}${absolute.includes('?') ? '&' : '?'}${qs}` : absolute;
};

const fileNameOf = (response: Response): string | null => {
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
};

const encodeBody = (body: unknown, headers: Headers): BodyInit | undefined => {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === 'string') {
    return body;
  }
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
};

const uploadBody = (body: unknown): XMLHttpRequestBodyInit | null =>
  body === undefined
    ? null
    : body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === 'string'
      ? body
      : JSON.stringify(body);

export function createHttpClient(config: HttpClientConfig): HttpClient {
  const doFetch = config.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const sessionHeaders = config.sessionHeaders ?? new SessionHeaderStore();
  let renewal: Promise<string | null> | null = null;

  // Every caller that meets a 401 while a renewal runs waits for that same renewal.
  const renewOnce = (): Promise<string | null> => {
    renewal ??= (async () => {
      let readiness = config.renewal.readiness();
      if (readiness === 'unknown') {
        await sleep(RenewalArgumentsWaitMs);
        readiness = config.renewal.readiness();
      }
      if (readiness !== 'yes') return null;
      try {
        return await config.renewal.renew();
      } catch {
        return null;
      }
    })().finally(() => {
      renewal = null;
    });
    return renewal;
  };

  const sendOnce = async <T>(args: RequestArgs, token: string): Promise<HttpResult<T> & { response?: Response }> => {
    const requestId = newRequestId();
    const headers = new Headers(args.headers);
    headers.set('X-Request-ID', requestId);
    headers.set('x-timezone', timeZone());
    if (token) headers.set('Authorization', `Bearer ${token}`);
    sessionHeaders.apply(headers);
    config.decorate?.(headers);
    const timeout = args.timeout ?? DefaultTimeoutMs;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    args.signal?.addEventListener('abort', onAbort);
    let timedOut = false;
    const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
    const request = new Request(buildUrl(config.baseUrl, args), {
      method: args.method ?? 'GET',
      headers,
      body: encodeBody(args.body, headers),
      credentials: args.withCredentials ? 'same-origin' : 'omit',
      signal: controller.signal,
    });
    const meta: HttpMeta = { request, requestId };
    const fail = (error: HttpError) => ({ error, meta });
    try {
      const response = args.onUploadProgress ? await sendWithXhr(request, uploadBody(args.body), args.onUploadProgress) : await doFetch(request);
      meta.response = response;
      sessionHeaders.capture(response.headers);
      if (!response.ok) {
        const text = await response.text();
        let data: unknown = text;
        // docs/product.md §8: a 500 body is read as text; other error bodies are the JSON {code, message, details}.
        if (response.status !== 500 && text) {
          try {
            data = JSON.parse(text);
          } catch {
            data = text;
          }
        }
        return { ...fail({ status: response.status, data }), response };
      }
      const kind = args.responseKind ?? 'json';
      if (kind === 'stream') return { data: response.body as T, meta, response };
      if (kind === 'download') {
        return { data: { blob: await response.blob(), fileName: fileNameOf(response) } as T, meta, response };
      }
      const text = await response.text();
      if (kind === 'text') return { data: text as T, meta, response };
      if (!text) return { data: null as T, meta, response };
      try {
        return { data: JSON.parse(text) as T, meta, response };
      } catch (e) {
        return { ...fail({ status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: String(e) }), response };
      }
    } catch (e) {
      if (timedOut) return fail({ status: 'TIMEOUT_ERROR', error: `Timed out after ${timeout} ms` });
      return fail({ status: 'FETCH_ERROR', error: e instanceof Error ? e.message : String(e) });
    } finally {
      if (timer) clearTimeout(timer);
      args.signal?.removeEventListener('abort', onAbort);
    }
  };

  const sendHonouring503 = async <T>(args: RequestArgs, token: string): Promise<HttpResult<T>> => {
    let waiting = false;
    for (;;) {
      const { response, ...result } = await sendOnce<T>(args, token);
      if (result.error?.status !== 503 || args.signal?.aborted) {
        if (waiting) config.setWaiting(false);
        return result;
      }
      if (!waiting) config.setWaiting((waiting = true));
      await sleep(retryAfterMs(response));
    }
  };

  const request = async <T>(args: RequestArgs): Promise<HttpResult<T>> => {
    const sentToken = config.getToken();
    const result = await sendHonouring503<T>(args, sentToken);
    if (result.error?.status !== 401 || args.skipTokenRenewal || config.skipsRenewal?.(args)) return result;
    // Another caller may have renewed since this call left: use that token instead of renewing again.
    const current = config.getToken();
    const fresh = current && current !== sentToken ? current : await renewOnce();
    if (!fresh) {
      config.onSessionLost();
      return result;
    }
    const retried = await sendHonouring503<T>(args, fresh);
    if (retried.error?.status === 401) config.onSessionLost();
    return retried;
  };

  return { request, sessionHeaders };
}
