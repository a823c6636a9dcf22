// Framing of the public chat pages (docs/public-chat.md): /public-chat/{endpoint} (and its popup form) may be framed
// by the endpoint's allowed origins, so its Content-Security-Policy names them in frame-ancestors and it sends no
// X-Frame-Options (which cannot name origins). Every other page keeps frame-ancestors 'self'. The embed script and
// an endpoint's brand stylesheet are loaded by other sites' pages, so they may be read cross-origin. Where the instance
// has a bot check, the pages may load its widget (script, frame, calls, styles) from the provider.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { BotCheckConfig } from '../../config.js';
import { openEndpoint } from './public-chat.service.js';

const PublicChatPage = /^\/public-chat\/([^/?#]+)/i;
/** the embed script other sites load (web/src/embed) */
const CrossOriginFiles = /^\/embed\.js(?:[?#]|$)/i;

/** The frame-ancestors sources of an endpoint's pages: this server and the endpoint's allowed origins. */
export async function frameAncestorsOf(ctx: Pick<AppContext, 'db' | 'caches' | 'models' | 'config'>, endpointName: string): Promise<string[]> {
  const open = await openEndpoint(ctx, endpointName).catch(() => null);
  return ["'self'", ...(open?.endpoint.allowedOrigins ?? [])];
}

/**
 * The sources the bot check's widget needs on the public chat pages (its script, its frame, its calls): the script's
 * origin, and hCaptcha's documented hosts.
 */
export function botCheckSources(botCheck: BotCheckConfig | null): string[] {
  if (!botCheck) return [];
  const own = new URL(botCheck.scriptUrl).origin;
  return [...new Set([own, ...(botCheck.provider === 'hcaptcha' ? ['https://hcaptcha.com', 'https://*.hcaptcha.com'] : [])])];
}

const withSources = (csp: string, directive: string, sources: string[]) =>
  sources.length ? csp.replace(new RegExp(`${directive} ([^;]*)`), (_, have: string) => `${directive} ${have} ${sources.join(' ')}`) : csp;

/** Call after helmet's hook: rewrites the headers of the public chat pages. */
export function registerPublicChatFrames(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'caches' | 'models' | 'config'>): void {
  const bot = botCheckSources(ctx.config.botCheck);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (CrossOriginFiles.test(request.url)) {
      reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
      return;
    }
    const page = PublicChatPage.exec(request.url);
    if (!page) return;
    let name: string;
    try {
      name = decodeURIComponent(page[1]!);
    } catch {
      return;
    }
    const ancestors = await frameAncestorsOf(ctx, name);
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      let page = csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors.join(' ')}`);
      // the bot check's widget (docs/public-chat.md "Bot check"), where the instance has one
      for (const directive of ['script-src', 'frame-src', 'connect-src', 'style-src']) page = withSources(page, directive, bot);
      reply.raw.setHeader('content-security-policy', page);
    }
    reply.raw.removeHeader('x-frame-options');
  });
}
