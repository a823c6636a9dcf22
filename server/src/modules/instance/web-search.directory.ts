// Which web search provider agents with InternetSearch search with, and why none when there is none: the Brave key
// of the instance settings' apiKeys tab, else SEARXNG_URL, else the Bing key (legacy: Microsoft retired Bing Search
// v7 in August 2025, so it works only through BING_SEARCH_URL pointing at a compatible service). Nothing in HIPAA
// mode: web search sends the question outside the instance.
import type { AppContext } from '../../platform/context.js';
import { chooseProvider, type WebSearchProvider } from '../../ai/tools/web-search.js';
import { readSearchApiKey } from './instance.admin.service.js';
import { hipaaModeOn } from './instance.service.js';

export const WebSearchReasons = {
  hipaa: 'HIPAA mode is on, so web search is off: questions would leave the instance.',
  noProvider: 'Web search needs a search provider: an administrator sets a Brave Search key under Instance settings › API keys, or SEARXNG_URL on the server.',
} as const;

export interface WebSearchDirectory {
  /** the provider a turn searches with, or null with the reason people read */
  current(): Promise<{ provider: WebSearchProvider; reason: null } | { provider: null; reason: string }>;
}

export function createWebSearchDirectory(ctx: Pick<AppContext, 'db' | 'caches' | 'secrets' | 'config'>): WebSearchDirectory {
  return {
    async current() {
      if (await hipaaModeOn(ctx)) return { provider: null, reason: WebSearchReasons.hipaa };
      const [brave, bing] = await Promise.all([readSearchApiKey(ctx, 'braveSearch'), readSearchApiKey(ctx, 'bing')]);
      const provider = chooseProvider(ctx.config.webSearch, { brave, bing });
      return provider ? { provider, reason: null } : { provider: null, reason: WebSearchReasons.noProvider };
    },
  };
}
