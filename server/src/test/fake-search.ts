// A fake web search provider for tests and e2e: one HTTP server on 127.0.0.1 that answers as Brave Search API
// (`GET /brave/res/v1/web/search`, the key in X-Subscription-Token), SearXNG (`GET /searxng/search?format=json`)
// and Bing Web Search v7 (`GET /bing/v7.0/search`, the key in Ocp-Apim-Subscription-Key), and serves the pages its
// results point at (`GET /pages/<name>`, HTML on this same server: a loopback address). Requests are recorded; the
// next answers of a provider can be scripted failures (a 429 with Retry-After, a 500).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSearchProvider = 'brave' | 'searxng' | 'bing';

export interface FakeSearch {
  origin: string;
  braveUrl: string;
  searxngUrl: string;
  bingUrl: string;
  /** the requests each provider received, with their query and the key they carried */
  requests: { provider: FakeSearchProvider; query: string; key: string | null; at: number }[];
  /** the pages fetched, by name */
  pageRequests: string[];
  /** the next `times` requests to `provider` answer `status` (with Retry-After when given, in seconds) */
  fail(provider: FakeSearchProvider, times: number, status: number, retryAfter?: string): void;
  /** waits this long before each search answer */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export const FakeSearchKey = 'fake-brave-key-123';
export const FakeBingKey = 'fake-bing-key-456';

/** The results every search finds: two pages of this server about lighthouses, whatever was asked. */
const results = (origin: string, query: string) => [
  {
    title: 'The Fastnet Lighthouse',
    url: `${origin}/pages/fastnet`,
    snippet: `Fastnet Rock lighthouse, <strong>Ireland's Teardrop</strong>, first lit in 1854 (searched: ${query}).`,
  },
  { title: 'Lighthouse keepers &amp; their lives', url: `${origin}/pages/keepers`, snippet: 'Keepers lived on the rock for weeks at a time.' },
];

const Page = `<!doctype html><html><head><title>The Fastnet Lighthouse</title><style>body{color:red}</style><script>alert("x")</script></head>
<body><nav>Home | About</nav><h1>Fastnet Rock</h1><p>The present tower was completed in 1904 &amp; stands 54 metres tall.</p><p>It is the tallest lighthouse in Ireland.</p></body></html>`;

export async function startFakeSearch(): Promise<FakeSearch> {
  const failures: Record<FakeSearchProvider, { status: number; retryAfter?: string }[]> = { brave: [], searxng: [], bing: [] };
  const requests: FakeSearch['requests'] = [];
  const pageRequests: string[] = [];
  let origin = '';
  let delayMs = 0;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/pages/')) {
      pageRequests.push(url.pathname.slice('/pages/'.length));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(Page);
      return;
    }
    const provider: FakeSearchProvider | null =
      url.pathname === '/brave/res/v1/web/search'
        ? 'brave'
        : url.pathname === '/searxng/search'
          ? 'searxng'
          : url.pathname === '/bing/v7.0/search'
            ? 'bing'
            : null;
    if (!provider) return json(404, { error: 'not found' });
    const query = url.searchParams.get('q') ?? '';
    const key = (provider === 'brave' ? req.headers['x-subscription-token'] : provider === 'bing' ? req.headers['ocp-apim-subscription-key'] : undefined) as
      string | undefined;
    requests.push({ provider, query, key: key ?? null, at: Date.now() });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const failure = failures[provider].shift();
    if (failure) return json(failure.status, { error: 'scripted failure' }, failure.retryAfter ? { 'retry-after': failure.retryAfter } : {});
    if (provider === 'brave' && key !== FakeSearchKey) return json(401, { error: 'bad key' });
    if (provider === 'bing' && key !== FakeBingKey) return json(401, { error: 'bad key' });
    if (provider === 'searxng' && url.searchParams.get('format') !== 'json') return json(403, { error: 'format' });
    const found = results(origin, query);
    if (provider === 'brave')
      return json(200, { type: 'search', web: { results: found.map((r) => ({ title: r.title, url: r.url, description: r.snippet })) } });
    if (provider === 'searxng') return json(200, { query, results: found.map((r) => ({ title: r.title, url: r.url, content: r.snippet, engine: 'fake' })) });
    return json(200, { webPages: { value: found.map((r) => ({ name: r.title, url: r.url, snippet: r.snippet })) } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    braveUrl: `${origin}/brave/res/v1/web/search`,
    searxngUrl: `${origin}/searxng`,
    bingUrl: `${origin}/bing/v7.0/search`,
    requests,
    pageRequests,
    fail(provider, times, status, retryAfter) {
      for (let i = 0; i < times; i++) failures[provider].push({ status, ...(retryAfter === undefined ? {} : { retryAfter }) });
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
