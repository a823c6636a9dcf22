// Sends a prepared Request through XMLHttpRequest, for uploads that show their progress: fetch cannot
// report how much of a request body has gone out, XHR's upload.onprogress can. The caller has set
// every header (request id, token, session headers) on the Request; the answer comes back as a
// Response, and a network failure or an abort rejects as fetch would, so that the fetch client
// treats both paths alike.

export interface UploadProgress {
  loaded: number;
  /** 0 when the browser cannot tell the body's length */
  total: number;
}

type XhrConstructor = new () => XMLHttpRequest;

// Statuses whose Response must have no body (the constructor throws otherwise).
const NullBodyStatuses = new Set([101, 103, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    try {
      headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
    } catch {
      // a header name the Headers class refuses is of no use to the client either
    }
  }
  return headers;
}

/**
 * `body` is the request's original body: a Request turns FormData into a stream with its own
 * multipart boundary, so the XHR sends the FormData itself and lets the browser set the content type.
 */
export function sendWithXhr(
  request: Request,
  body: XMLHttpRequestBodyInit | null,
  onProgress: (progress: UploadProgress) => void,
  Xhr: XhrConstructor = XMLHttpRequest,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const signal = request.signal;
    if (signal.aborted) return reject(new DOMException('The upload was aborted.', 'AbortError'));
    const xhr = new Xhr();
    xhr.open(request.method, request.url);
    xhr.responseType = 'arraybuffer';
    // same-origin XHR sends cookies whatever this says (fetch's 'omit' has no XHR equivalent); it only matters cross-origin
    xhr.withCredentials = request.credentials === 'include';
    request.headers.forEach((value, name) => {
      if (body instanceof FormData && name === 'content-type') return;
      xhr.setRequestHeader(name, value);
    });
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort);
    const done = () => signal.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    xhr.onload = () => {
      done();
      const status = xhr.status;
      const content = NullBodyStatuses.has(status) ? null : (xhr.response as ArrayBuffer | null);
      resolve(new Response(content, { status, statusText: xhr.statusText, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to upload'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.send(body);
  });
}
