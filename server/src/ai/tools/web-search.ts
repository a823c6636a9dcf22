// The InternetSearch capability (clients also say WebSearch) as tools: `web_search` asks the instance's search
// provider (Brave Search API with the Brave key, a self-hosted SearXNG, or Bing with the Bing key, a legacy
// choice since Microsoft retired Bing Search v7 in August 2025) and hands the model numbered results it cites as
// [n]; the cited results become the answer's citations. `fetch_page` reads one of those results' pages through
// the SSRF-safe fetcher (web-fetch.ts), so the model can quote more than a snippet. A provider's 429 is honoured:
// a Retry-After of a moment is waited out once, a longer one pauses that provider for this process until it ends
// (no request meanwhile), and the model is told search is unavailable for now.
import { z } from 'zod';
import type { Citation } from '@atrium/contract';
import type { WebSearchConfig } from '../../config.js';
import type { ChatTool, ToolOutcome } from '../chat-tools.js';
import type { ResolvedDeployment } from '../model.types.js';
import { fetchPage, htmlToText, WebFetchError } from './web-fetch.js';

export const WebSearchToolName = 'web_search';
export const FetchPageToolName = 'fetch_page';
export const SearchingTheWebStep = 'Searching the web';
export const ReadingAPageStep = 'Reading a web page';
export const DefaultResultCount = 5;
/** Searches in one answer: more is a model going round in circles, and each one is a paid request. */
export const MaxSearchesPerAnswer = 5;
export const MaxPagesPerAnswer = 5;
/** What the model reads of a page: enough for an article, not a whole manual in its context. */
const PageTextChars = 20_000;
const SearchTimeoutMs = 10_000;
/** A Retry-After up to this long is waited out once; a longer one pauses the provider. */
const ShortRetryMs = 2_000;
/** A 429 without Retry-After pauses the provider this long; none is paused longer than MaxPauseMs. */
const DefaultPauseMs = 10_000;
const MaxPauseMs = 300_000;

export type WebSearchProviderName = 'Brave' | 'SearXNG' | 'Bing';

export interface WebSearchResult {
  title: string;
  url: string;
  snippet: string;
}

/** One configured provider: what it is called, and its search. */
export interface WebSearchProvider {
  name: WebSearchProviderName;
  search(query: string, count: number, signal: AbortSignal): Promise<WebSearchResult[]>;
}

export class WebSearchError extends Error {
  constructor(
    message: string,
    /** when a rate limit ends (ms since the epoch), for a 429 */
    readonly retryAt: number | null = null,
  ) {
    super(message);
  }
}

/** Per provider address: until when this process sends it nothing (after a 429). */
const pausedUntil = new Map<string, number>();

/** Retry-After as milliseconds: seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const plain = (s: unknown) => (typeof s === 'string' ? htmlToText(s).text.replace(/\s+/g, ' ').trim() : '');
const isWebAddress = (u: unknown): u is string => typeof u === 'string' && /^https?:\/\//i.test(u);

/** GET with the rate-limit rules; the JSON body, or WebSearchError in words the model can pass on. */
async function getJson(name: WebSearchProviderName, url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  const key = `${url.origin}${url.pathname}`;
  for (let attempt = 0; ; attempt++) {
    const paused = pausedUntil.get(key) ?? 0;
    if (paused > Date.now())
      throw new WebSearchError(`${name} asked for a pause in searches; it ends in ${Math.ceil((paused - Date.now()) / 1000)} s.`, paused);
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.any([signal, AbortSignal.timeout(SearchTimeoutMs)]) });
    } catch (e) {
      if (signal.aborted) throw e;
      throw new WebSearchError(`${name} could not be reached.`);
    }
    if (res.status === 429) {
      void res.body?.cancel();
      const wait = retryAfterMs(res.headers.get('retry-after'));
      if (attempt === 0 && wait !== null && wait <= ShortRetryMs) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      const until = Date.now() + Math.min(wait ?? DefaultPauseMs, MaxPauseMs);
      pausedUntil.set(key, until);
      throw new WebSearchError(`${name} is rate limiting searches; it accepts them again in ${Math.ceil((until - Date.now()) / 1000)} s.`, until);
    }
    if (!res.ok) {
      void res.body?.cancel();
      throw new WebSearchError(`${name} answered HTTP ${res.status}.`);
    }
    try {
      return await res.json();
    } catch {
      throw new WebSearchError(`${name} answered something that is not JSON.`);
    }
  }
}

export function braveProvider(endpoint: string, apiKey: string): WebSearchProvider {
  return {
    name: 'Brave',
    async search(query, count, signal) {
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(count));
      const body = (await getJson('Brave', url, { 'x-subscription-token': apiKey }, signal)) as { web?: { results?: unknown[] } };
      return (body.web?.results ?? []).flatMap((r) => {
        const x = r as { title?: unknown; url?: unknown; description?: unknown };
        return isWebAddress(x.url) ? [{ title: plain(x.title) || x.url, url: x.url, snippet: plain(x.description) }] : [];
      });
    },
  };
}

export function searxngProvider(base: string): WebSearchProvider {
  return {
    name: 'SearXNG',
    async search(query, count, signal) {
      const url = new URL(/\/search$/.test(base) ? base : `${base}/search`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const body = (await getJson('SearXNG', url, {}, signal)) as { results?: unknown[] };
      return (body.results ?? [])
        .flatMap((r) => {
          const x = r as { title?: unknown; url?: unknown; content?: unknown };
          return isWebAddress(x.url) ? [{ title: plain(x.title) || x.url, url: x.url, snippet: plain(x.content) }] : [];
        })
        .slice(0, count);
    },
  };
}

/** Bing Web Search v7's request and answer: Microsoft's endpoint is retired (August 2025); a compatible proxy still answers. */
export function bingProvider(endpoint: string, apiKey: string): WebSearchProvider {
  return {
    name: 'Bing',
    async search(query, count, signal) {
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(count));
      const body = (await getJson('Bing', url, { 'ocp-apim-subscription-key': apiKey }, signal)) as { webPages?: { value?: unknown[] } };
      return (body.webPages?.value ?? []).flatMap((r) => {
        const x = r as { name?: unknown; url?: unknown; snippet?: unknown };
        return isWebAddress(x.url) ? [{ title: plain(x.name) || x.url, url: x.url, snippet: plain(x.snippet) }] : [];
      });
    },
  };
}

/** The provider an instance searches with: Brave when its key is set, else SearXNG when SEARXNG_URL is, else Bing with its key. */
export function chooseProvider(config: WebSearchConfig, keys: { brave: string | null; bing: string | null }): WebSearchProvider | null {
  if (keys.brave) return braveProvider(config.braveUrl, keys.brave);
  if (config.searxngUrl) return searxngProvider(config.searxngUrl);
  if (keys.bing) return bingProvider(config.bingUrl, keys.bing);
  return null;
}

const SearchInput = z.object({ query: z.string().trim().min(1).max(400) });
const FetchInput = z.object({ url: z.string().trim().min(1).max(4000) });

/** The sources cited as [n] (also [1, 2]) among those found, in the order of their numbers. */
export function citedSources(answer: string, sources: readonly Citation[]): Citation[] {
  const cited = new Set<number>();
  for (const m of answer.matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g)) for (const n of m[1]!.split(',')) cited.add(Number(n.trim()));
  return sources.filter((s) => s.number !== undefined && cited.has(s.number)).sort((a, b) => a.number! - b.number!);
}

const excerptOf = (text: string) => (text.length <= 300 ? text : `${text.slice(0, 300).replace(/\s+\S*$/, '')}…`);

/** web_search and fetch_page for one answer: they share the numbers of the results found. */
export function webSearchTools(deps: { provider: WebSearchProvider; config: WebSearchConfig; resultCount?: number }): ChatTool[] {
  const found = new Map<string, Citation>();
  let searches = 0;
  let pages = 0;
  const failed = (message: string, log: string): ToolOutcome => ({ output: { error: message }, log: { message: log, isError: true } });
  const count = Math.min(Math.max(deps.resultCount ?? DefaultResultCount, 1), 10);

  const search: ChatTool = {
    step: SearchingTheWebStep,
    spec: {
      name: WebSearchToolName,
      description:
        'Searches the web and returns numbered results (title, address, snippet). Use it for current events, facts you are unsure of, or anything the person asks you to look up. ' +
        'Cite the results you use by their number in square brackets, like [1], right after the statement they support.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', description: 'The search query, as you would type it into a search engine. At most 400 characters.' } },
        required: ['query'],
        additionalProperties: false,
      },
    },
    async run(input, context) {
      const parsed = SearchInput.safeParse(input);
      if (!parsed.success) return failed('The input needs a query of 1 to 400 characters.', 'web_search was called without a usable query');
      if (searches >= MaxSearchesPerAnswer)
        return failed(
          `At most ${MaxSearchesPerAnswer} searches can be made in one answer; answer from what you found.`,
          'web_search refused: too many searches in one answer',
        );
      searches += 1;
      let results: WebSearchResult[];
      try {
        results = await deps.provider.search(parsed.data.query, count, context.signal);
      } catch (e) {
        if (context.signal.aborted || !(e instanceof WebSearchError)) throw e;
        return failed(
          `The web search did not work: ${e.message} Tell the person, and answer without it if you can.`,
          `web_search with ${deps.provider.name} failed: ${e.message}`,
        );
      }
      const numbered = results.map((r) => {
        let source = found.get(r.url);
        if (!source) {
          source = { title: r.title, path: r.url, number: context.nextSourceNumber(), ...(r.snippet ? { excerpt: excerptOf(r.snippet) } : {}) };
          found.set(r.url, source);
        }
        return { source: source.number, title: r.title, url: r.url, snippet: r.snippet };
      });
      return {
        output: {
          results: numbered,
          ...(numbered.length === 0 ? { note: 'Nothing was found. Try other words, or answer without it.' } : {}),
          instructions: `Cite the results you use as [n] with their source number. To read a result's page, call ${FetchPageToolName} with its url.`,
        },
        sources: numbered.map((r) => found.get(r.url)!),
        log: { message: `Searched the web with ${deps.provider.name}: ${numbered.length} results`, isError: false },
      };
    },
  };

  const fetchTool: ChatTool = {
    step: ReadingAPageStep,
    spec: {
      name: FetchPageToolName,
      description: `Reads the text of a page that ${WebSearchToolName} returned, when its snippet is not enough. Only addresses from the search results can be read.`,
      inputSchema: {
        type: 'object',
        properties: { url: { type: 'string', description: `The url of a result of ${WebSearchToolName}.` } },
        required: ['url'],
        additionalProperties: false,
      },
    },
    async run(input, context) {
      const parsed = FetchInput.safeParse(input);
      if (!parsed.success) return failed('The input needs the url of a search result.', 'fetch_page was called without a url');
      // only what a search returned: a page cannot steer the model into sending the conversation to an address of its choosing
      const source = found.get(parsed.data.url);
      if (!source) return failed(`Only the url of a ${WebSearchToolName} result can be read.`, 'fetch_page refused an address that no search returned');
      if (pages >= MaxPagesPerAnswer)
        return failed(`At most ${MaxPagesPerAnswer} pages can be read in one answer.`, 'fetch_page refused: too many pages in one answer');
      pages += 1;
      try {
        const page = await fetchPage(parsed.data.url, {
          allowPrivateAddresses: deps.config.allowPrivateAddresses,
          maxBytes: deps.config.fetchMaxBytes,
          timeoutMs: deps.config.fetchTimeoutMs,
          signal: context.signal,
        });
        const cut = page.text.length > PageTextChars || page.truncated;
        return {
          output: {
            source: source.number,
            title: page.title ?? source.title,
            url: page.url,
            text: page.text.slice(0, PageTextChars),
            ...(cut ? { truncated: true } : {}),
          },
          log: { message: `Read a web page (${page.contentType}, ${page.text.length} characters)`, isError: false },
        };
      } catch (e) {
        if (context.signal.aborted || !(e instanceof WebFetchError)) throw e;
        const why = e.kind === 'blocked' ? 'its address is private or local, which this server does not fetch' : e.message;
        return failed(`The page could not be read: ${why}`, `fetch_page refused or failed (${e.kind}): ${e.message}`);
      }
    },
  };
  return [search, fetchTool];
}

/**
 * The tools for one turn, or none: offered when the turn may search (InternetSearch), its chat deployment can call
 * tools, and the instance has a provider (none in HIPAA mode: the caller passes null then).
 */
export function webSearchToolsForTurn(options: {
  capabilities: ReadonlySet<string>;
  deployment: ResolvedDeployment;
  provider: WebSearchProvider | null;
  config: WebSearchConfig;
  /** the agent's webSearchResultCount; null: DefaultResultCount */
  resultCount?: number | null;
}): ChatTool[] {
  if (!options.deployment.tools || !options.capabilities.has('InternetSearch') || !options.provider) return [];
  return webSearchTools({ provider: options.provider, config: options.config, ...(options.resultCount ? { resultCount: options.resultCount } : {}) });
}
