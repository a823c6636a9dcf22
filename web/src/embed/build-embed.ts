// Builds embed.js (embed.ts) on its own: one minified script with no imports, for web/vite.config.ts (which emits it
// at /embed.js) and for the test that holds it to its 5 kB gzipped budget. Node-side: not part of the app.
import path from 'node:path';
import { build, type Rolldown } from 'vite';

/** The most embed.js may weigh gzipped (issue 18): websites load it on every page. */
export const EmbedBudgetBytes = 5 * 1024;

export async function buildEmbedScript(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: { input: path.resolve(import.meta.dirname, 'embed.ts'), output: { format: 'iife', entryFileNames: 'embed.js' } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk' && o.fileName === 'embed.js');
  if (!chunk || chunk.type !== 'chunk') throw new Error('embed.js: the build made no script');
  return chunk.code;
}
