// Framing of the public chat pages (docs/public-chat.md): /public-chat/{endpoint} (and its popup form) may be framed
// by the endpoint's allowed origins, so its Content-Security-Policy names them in frame-ancestors and it sends no
// X-Frame-Options (which cannot name origins). Every other page keeps frame-ancestors 'self'. The embed script and
// an endpoint's brand stylesheet are loaded by other sites' pages, so they may be read cross-origin.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { openEndpoint } from './public-chat.service.js';

const PublicChatPage = /^\/public-chat\/([^/?#]+)/i;
/** the embed script other sites load (web/src/embed) */
const CrossOriginFiles = /^\/embed\.js(?:[?#]|$)/i;

/** The frame-ancestors sources of an endpoint's pages: this server and the endpoint's allowed origins. */
export async function frameAncestorsOf(ctx: Pick<AppContext, 'db' | 'caches' | 'models' | 'config'>, endpointName: string): Promise<string[]> {
  const open = await openEndpoint(ctx, endpointName).catch(() => null);
  return ["'self'", ...(open?.endpoint.allowedOrigins ?? [])];
}

/** Call after helmet's hook: rewrites the headers of the public chat pages. */
export function registerPublicChatFrames(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'caches' | 'models' | 'config'>): void {
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
    if (typeof csp === 'string') reply.raw.setHeader('content-security-policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors.join(' ')}`));
    reply.raw.removeHeader('x-frame-options');
  });
}
