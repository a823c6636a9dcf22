// Fetching a web page for the model (fetch_page), without letting it reach the server's own network (SSRF):
// every address a host name resolves to is checked before the connection is made, and the connection goes to the
// address that was checked (the http module's `lookup` hook, so a DNS answer that changes between check and
// connect cannot slip through); an address written in the URL is checked the same way; every redirect is a new
// request that is checked again. Private, loopback, link-local, shared, multicast and reserved ranges are refused
// unless WEB_FETCH_ALLOW_PRIVATE is on. The body is read up to a size limit within a time limit; HTML becomes
// plain text (sanitize-html, already the server's HTML sanitizer, with no tag allowed).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { BlockList, type LookupFunction } from 'node:net';
import sanitizeHtml from 'sanitize-html';

const MaxRedirects = 5;

/** Ranges no fetch of a public web page has any business reaching (IANA special-purpose registries). */
const Blocked = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  Blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  Blocked.addSubnet(prefix, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, also written in hex; 6to4 2002:AABB:CCDD::), else null. */
function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower.replace(/^::/, ''));
  if (dotted && lower.includes('.')) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/.exec(lower);
  const pair = hex ?? sixToFour;
  if (!pair) return null;
  const [a, b] = [parseInt(pair[1]!, 16), parseInt(pair[2]!, 16)];
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/** Whether an IP address is one fetch_page must not reach (anything that is not an IP address counts as blocked). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return Blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIPv4(address);
  if (v4) return isPrivateAddress(v4);
  return Blocked.check(address, 'ipv6');
}

export class WebFetchError extends Error {
  constructor(
    message: string,
    readonly kind: 'blocked' | 'invalid' | 'too-large' | 'timeout' | 'http' | 'unsupported' | 'network',
  ) {
    super(message);
  }
}

export interface FetchedPage {
  /** the address after redirects */
  url: string;
  status: number;
  contentType: string;
  /** the page's title (HTML), else null */
  title: string | null;
  text: string;
  /** the body was cut at the size limit */
  truncated: boolean;
}

export interface WebFetchOptions {
  allowPrivateAddresses: boolean;
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** dns.lookup with every answer checked: one refused address refuses the host (no picking the harmless one). */
const checkedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0) return callback(new WebFetchError(`${hostname} has no address`, 'network'), '', 4);
      const refused = list.find((a) => !allowPrivate && isPrivateAddress(a.address));
      if (refused) return callback(new WebFetchError(`${hostname} resolves to a private or local address`, 'blocked'), '', 4);
      if ((options as dns.LookupOptions).all) return callback(null, list as never, 4);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  truncated: boolean;
}

function requestOnce(url: URL, options: WebFetchOptions, signal: AbortSignal): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: checkedLookup(options.allowPrivateAddresses),
        signal,
        headers: {
          'user-agent': 'Atrium-WebFetch/1.0',
          accept: 'text/html, text/plain, application/xhtml+xml, application/json;q=0.8, */*;q=0.1',
          'accept-encoding': 'identity',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const isRedirect = (res.statusCode ?? 0) >= 300 && (res.statusCode ?? 0) < 400;
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          const room = options.maxBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size += room;
            truncated = true;
            res.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), truncated });
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), truncated }));
        res.on('error', (e) => (truncated ? undefined : reject(e)));
        if (isRedirect) res.resume();
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Text of an HTML page: scripts, styles and the like dropped, block ends as line breaks, entities decoded. */
export function htmlToText(html: string): { title: string | null; text: string } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const withBreaks = html.replace(/<\/(p|div|li|h[1-6]|tr|section|article|header|blockquote|pre)\s*>|<br\s*\/?>/gi, (m) => `${m}\n`);
  const escaped = sanitizeHtml(withBreaks, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object', 'textarea', 'select', 'nav', 'footer'],
  });
  const text = decodeBasicEntities(escaped)
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
  return {
    title: title
      ? decodeBasicEntities(sanitizeHtml(title, { allowedTags: [], allowedAttributes: {} }))
          .replace(/\s+/g, ' ')
          .trim() || null
      : null,
    text,
  };
}

/** sanitize-html decodes every entity and escapes only these again in its output. */
const decodeBasicEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Fetches a page over http(s) under the SSRF rules and the limits; throws WebFetchError with what went wrong. */
export async function fetchPage(address: string, options: WebFetchOptions): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new WebFetchError('That is not a web address.', 'invalid');
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebFetchError('Only http and https addresses can be fetched.', 'invalid');
    if (url.username || url.password) throw new WebFetchError('Addresses with credentials are not fetched.', 'invalid');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // an address written in the URL never goes through lookup
    if (net.isIP(host) && !options.allowPrivateAddresses && isPrivateAddress(host))
      throw new WebFetchError(`${host} is a private or local address.`, 'blocked');
    let res: RawResponse;
    try {
      res = await requestOnce(url, options, signal);
    } catch (e) {
      if (e instanceof WebFetchError) throw e;
      if (timeout.aborted) throw new WebFetchError(`The page did not answer within ${options.timeoutMs} ms.`, 'timeout');
      if (options.signal?.aborted) throw e;
      const cause = (e as { cause?: unknown }).cause;
      if (cause instanceof WebFetchError) throw cause;
      throw new WebFetchError(`The page could not be reached (${(e as NodeJS.ErrnoException).code ?? 'network error'}).`, 'network');
    }
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      if (hop >= MaxRedirects) throw new WebFetchError('Too many redirects.', 'http');
      url = new URL(res.headers.location, url);
      continue;
    }
    if (res.status >= 400) throw new WebFetchError(`The page answered HTTP ${res.status}.`, 'http');
    const contentType = (res.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
    const raw = res.body.toString('utf8');
    if (contentType === 'text/html' || contentType === 'application/xhtml+xml') {
      const { title, text } = htmlToText(raw);
      return { url: url.toString(), status: res.status, contentType, title, text, truncated: res.truncated };
    }
    if (contentType.startsWith('text/') || contentType === 'application/json' || contentType.endsWith('+json'))
      return { url: url.toString(), status: res.status, contentType, title: null, text: raw.trim(), truncated: res.truncated };
    throw new WebFetchError(`The page is ${contentType}, which cannot be read as text.`, 'unsupported');
  }
}
