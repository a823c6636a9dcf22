/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { buildEmbedScript } from './src/embed/build-embed.js';

/** The lazy modules that render /chat (scripts/bundle-size.mjs counts the same two). */
const chatRouteModules = ['src/app/layouts/chat-layout.tsx', 'src/features/chat-conversation/components/chat-page.tsx'];

/**
 * `<link rel="modulepreload">` for the chat route's lazy chunks and their imports, so that the browser
 * fetches them with the entry instead of after the entry has run (a second round trip, then a third for
 * the chat page inside the chat layout). Vite already preloads the entry's own static imports.
 */
function preloadChatRoute(): Plugin {
  return {
    name: 'atrium:preload-chat-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (file: string, into: Set<string>): Set<string> => {
          if (into.has(file)) return into;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
          return into;
        };
        const entry = ctx.chunk ? closure(ctx.chunk.fileName, new Set()) : new Set<string>();
        const route = new Set<string>();
        for (const id of chatRouteModules) {
          // the module's own chunk, or the chunk of the group that took it in (firstScreenGroups)
          const file = path.resolve(import.meta.dirname, id);
          const chunk = chunks.find((c) => c.facadeModuleId === file) ?? chunks.find((c) => c.moduleIds.includes(file));
          if (!chunk) throw new Error(`preload-chat-route: no chunk for ${id}`);
          closure(chunk.fileName, route);
        }
        return [...route]
          .filter((file) => !entry.has(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of every text asset next to it, which the server sends
 * as they are (@fastify/static preCompressed): no compression work per request, and better ratios than a
 * server could afford on the fly. node:zlib rather than a plugin package: it is a dozen lines, the
 * maintained plugins wrap the same zlib calls, and it adds no dependency. index.html is left out: the
 * server fills it in per request (boot data) and compresses it then. Source maps are left out too.
 */
function precompress(): Plugin {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  let outDir = '';
  return {
    name: 'atrium:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
        .map((f) => path.join(outDir, f))
        .filter((f) => /\.(js|mjs|css|svg|json|txt|html|woff|ttf)$/.test(f) && !f.endsWith(`${path.sep}index.html`) && fs.statSync(f).size >= 512);
      await Promise.all(
        files.map(async (file) => {
          const body = fs.readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzip(body, { level: 9 }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * embed.js (src/embed/embed.ts), the script websites include for the public chat's launcher: built on its own as one
 * small minified script with no imports, at a fixed address (/embed.js) rather than a hashed one, since websites name
 * it. A nested build (src/embed/build-embed.ts), emitted into this build's output so that the precompressed copies are made for it too.
 */
function embedScript(): Plugin {
  return {
    name: 'atrium:embed-script',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'embed.js', source: await buildEmbedScript() });
    },
  };
}

/**
 * MUI X (the admin dashboard's charts, through @base-ui/utils) memoizes with reselect's lruMemoize, which the app
 * itself does not use. With one reselect module, lruMemoize would join it in the first screen's vendor-redux chunk
 * (about 0.5 kB gzipped on a route at its budget); MUI X's imports of reselect get a copy of their own instead, which
 * loads with the dashboard.
 */
const MuiXCopy = '?mui-x';
function ownReselectForMuiX(): Plugin {
  return {
    name: 'atrium:own-reselect-for-mui-x',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'reselect' || !importer || !/[\\/]node_modules[\\/]@base-ui[\\/]/.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: `${resolved.id}${MuiXCopy}` } : null;
    },
  };
}

/**
 * Libraries in chunks of their own, whose names and contents stay the same from one release to the next,
 * so that a new release downloads only the app's own chunks. MUI's components stay in the chunks that use
 * them (one MUI chunk would put admin-only components on the chat route); its styling core (system,
 * emotion, utils) is shared by all, less the parts only lazy pages use (Grid, the RTL prefixer, MUI X's own utils).
 * ATRIUM_VENDOR_CHUNKS=0 builds without them (to compare the chat route's size).
 */
const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
const vendorGroups = [
  { name: 'vendor-react', test: nodeModule('react|react-dom|scheduler') },
  {
    name: 'vendor-redux',
    test: (id: string) =>
      nodeModule('@reduxjs[\\\\/]toolkit|react-redux|redux|redux-thunk|reselect|immer|use-sync-external-store').test(id) &&
      !id.endsWith(MuiXCopy) &&
      // the shim's selector variant only MUI X uses (the admin dashboard's charts): not on the first screen
      !/use-sync-external-store[\\/](shim[\\/]with-selector|cjs[\\/]use-sync-external-store-shim[\\/]with-selector)/.test(id),
  },
  { name: 'vendor-router', test: nodeModule('react-router|cookie|set-cookie-parser') },
  {
    name: 'vendor-mui',
    test: (id: string) =>
      nodeModule(
        '@mui[\\\\/](system|styled-engine|utils|private-theming)|@emotion|@babel[\\\\/]runtime|stylis|clsx|prop-types|react-is|react-transition-group|hoist-non-react-statics',
      ).test(id) &&
      !/[\\/](Grid|Prefixer\.js)/.test(id) &&
      // MUI X (the charts of the admin dashboard) brings its own newer @mui/utils: it stays in the dashboard's chunk
      !/[\\/]@mui[\\/]x-[^\\/]+[\\/]node_modules[\\/]/.test(id),
  },
];
const vendorChunks = process.env.ATRIUM_VENDOR_CHUNKS !== '0';

/** The modules reachable by static imports from these, found through the chunking context. */
function staticClosure(roots: string[], info: (id: string) => { importedIds: readonly string[] } | null): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

/** The contract's sources (its package.json declares them free of side effects). */
const contractSource = /[\\/]contract[\\/]src[\\/]/;

/**
 * The app's own code (and the MUI components) of the first screen in two chunks rather than about sixty:
 * what the entry imports ("app-shell"), and what /chat's layout and page add ("chat-route"). Each request
 * costs a round trip, and HTTP/1.1 has six connections: at 150 ms a round trip, sixty small chunks took
 * 1.5 s of waiting before their bytes. Lazy pages that share a module with /chat load the chat-route chunk.
 */
function firstScreenGroups() {
  let groups: { shell: Set<string>; chat: Set<string> } | null = null;
  const groupOf = (id: string, ctx: { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null }) => {
    if (!groups) {
      const info = (m: string) => ctx.getModuleInfo(m);
      const shell = staticClosure([path.resolve(import.meta.dirname, 'src/main.tsx')], info);
      const chat = staticClosure(
        chatRouteModules.map((m) => path.resolve(import.meta.dirname, m)),
        info,
      );
      for (const m of shell) chat.delete(m);
      // the entry and the two lazy route modules keep chunks of their own (index.html and the manifest name them)
      shell.delete(path.resolve(import.meta.dirname, 'src/main.tsx'));
      for (const m of chatRouteModules) chat.delete(path.resolve(import.meta.dirname, m));
      groups = { shell, chat };
    }
    // The contract's modules go where their exports are used: the closure holds every one of them (browser.ts
    // re-exports them all), and an admin page's paths and constants would otherwise load with the first screen.
    if (contractSource.test(id)) return null;
    // MUI's Grid is in the closure through @mui/system's index, but only lazy pages draw it (as vendor-mui says)
    if (/[\\/]node_modules[\\/]@mui[\\/]system[\\/]esm[\\/]Grid[\\/]/.test(id)) return null;
    if (groups.shell.has(id)) return 'app-shell';
    if (groups.chat.has(id)) return 'chat-route';
    return null;
  };
  return { name: groupOf, priority: 1 };
}

export default defineConfig({
  plugins: [react(), ownReselectForMuiX(), preloadChatRoute(), embedScript(), precompress()],
  resolve: {
    alias: [
      // the forms' schemas (zod), for the lazily loaded pages that check fields before sending; listed first, as the
      // entry below would otherwise take the path as one of its own
      { find: '@atrium/contract/forms', replacement: path.resolve(import.meta.dirname, '../contract/src/forms.ts') },
      { find: '@atrium/contract', replacement: path.resolve(import.meta.dirname, '../contract/src/browser.ts') },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/bundle-size.mjs reads the manifest to report the chat route's initial JavaScript
    manifest: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // The OIDC silent-renew page is a second entry so that its script is a same-origin file (CSP script-src 'self').
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        silentRenew: path.resolve(import.meta.dirname, 'silent-renew.html'),
      },
      ...(vendorChunks ? { output: { codeSplitting: { groups: [...vendorGroups.map((g) => ({ ...g, priority: 2 })), firstScreenGroups()] } } } : {}),
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // a page test renders, types and waits in jsdom: 5 s (the default) was not enough beside the whole suite
    testTimeout: 20_000,
  },
});
