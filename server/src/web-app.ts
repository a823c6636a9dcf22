// Serving the built web app (GitHub issue 15 item 3: the chat opens fast on a slow network).
// - Files: @fastify/static with the build's precompressed .br and .gz copies (web/vite.config.ts makes
//   them), chosen by the request's accept-encoding; Vite's hashed assets are immutable for a year, the
//   rest (favicon, default images, the silent-renew page) is revalidated.
// - index.html, for / and every client-side route: never cached without revalidation (no-cache with an
//   ETag), compressed when the client accepts it, and carrying the first screen's public data as a JSON
//   block (`<script type="application/json" id="atrium-boot">`, not executed, so allowed by the CSP's
//   script-src 'self'): the instance settings and the instance's brand, which the app otherwise asked for
//   one after the other before it could theme itself. Only what an anonymous GET of /InstanceSettings and
//   /Brands/{key} answers goes in, through the same response schemas: index.html is the same for everyone.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { BrandSchema, DefaultBrandKey, InstanceSettingsSchema } from '@atrium/contract';
import type { AppContext, Api } from './platform/context.js';
import { getInstanceSettings } from './modules/instance/instance.service.js';
import { getBrand } from './modules/brands/brands.service.js';

/** The id of the JSON block in index.html; web/src/app/api/boot-data.ts reads it. */
export const BootDataElementId = 'atrium-boot';

export const ImmutableCacheControl = 'public, max-age=31536000, immutable';

/** The first screen's public data, as the web app's boot-data reader expects it. */
export interface BootData {
  instanceSettings: unknown;
  brand: { brandKey: string; data: unknown } | null;
}

/**
 * A JSON block for inside index.html. `<` is written as \u003c (also `>` and `&`), so that no value (a
 * brand name containing `</script>` or `<!--`) can end the block or start markup; JSON.parse reads it back.
 */
export function bootDataScript(data: BootData): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${BootDataElementId}">${json}</script>`;
}

/** The encoding to answer with: br, else gzip, else none (a q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

async function loadBootData(ctx: AppContext): Promise<BootData | null> {
  try {
    const settings = InstanceSettingsSchema.parse(await getInstanceSettings(ctx, ctx.config));
    const brandKey = settings.defaults.defaultBrandKey || DefaultBrandKey;
    const brand = await getBrand(ctx, brandKey).then(
      (b) => ({ brandKey, data: BrandSchema.parse(b) }),
      () => null,
    );
    return { instanceSettings: settings, brand };
  } catch (e) {
    // still starting (database not ready) or broken: the app fetches what it needs itself
    ctx.logger.debug({ err: e }, 'index.html without boot data');
    return null;
  }
}

/** Serves the built web app with an index.html fallback for client-side routes. */
export function registerWebApp(app: Api, ctx: AppContext, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const assetsDir = path.join(distDir, 'assets') + path.sep;
  void app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // .br / .gz next to a file are sent instead of it when the client accepts them
    preCompressed: true,
    // the headers below are the only caching headers (send's own "public, max-age=0" would replace them)
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // Vite's hashed assets never change; everything else is revalidated.
      res.setHeader('cache-control', filePath.startsWith(assetsDir) ? ImmutableCacheControl : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
    globIgnore: ['**/index.html', '**/index.html.br', '**/index.html.gz'],
  });

  // The page's bytes change only when the build or the boot data does: its ETag and compressed forms are
  // made once per distinct page, not on every navigation.
  let rendered: { html: string; etag: string; br?: Buffer; gzip?: Buffer } | null = null;
  const render = (html: string) => {
    if (rendered?.html !== html) rendered = { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
    return rendered;
  };

  const sendIndex = async (
    request: { headers: Record<string, string | string[] | undefined> },
    reply: { header: (k: string, v: string) => unknown; status: (code: number) => { send: () => unknown }; send: (b: Buffer) => unknown },
  ) => {
    // read on every request, as before: a rebuild of the web app is served without a restart
    const template = fs.readFileSync(indexFile, 'utf8');
    const boot = await loadBootData(ctx);
    const page = render(boot ? template.replace('</head>', `    ${bootDataScript(boot)}\n  </head>`) : template);
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    reply.header('etag', page.etag);
    reply.header('content-type', 'text/html; charset=utf-8');
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') {
      reply.header('content-encoding', 'br');
      return reply.send((page.br ??= zlib.brotliCompressSync(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })));
    }
    if (encoding === 'gzip') {
      reply.header('content-encoding', 'gzip');
      return reply.send((page.gzip ??= zlib.gzipSync(page.html)));
    }
    return reply.send(Buffer.from(page.html));
  };
  app.get('/', { config: { access: 'public' } }, (request, reply) => sendIndex(request, reply));
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url === '/index.html') return sendIndex(request, reply);
    // an unknown API route or file: the app's one not-found answer (it does not repeat the address)
    if (url.startsWith('/api/') || path.extname(url) !== '') return reply.callNotFound();
    return sendIndex(request, reply);
  });
}
