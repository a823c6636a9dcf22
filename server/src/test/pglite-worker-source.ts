// Runs the embedded database's code from its TypeScript sources through tsx: its worker thread
// (server/src/db/pglite-worker.ts) and the process that creates a new database (server/src/db/pglite-init.ts),
// for the test suite (vitest's setup file for the server projects) and the benches, which import the server's
// sources; the built server runs the compiled files. Importing this module is all it takes.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { setPGliteStarter } from '../db/pglite-thread.js';

// tsx's entries, found from this package as its exports map says: the API (for the thread) and the loader that
// `node --import` takes (for the process)
const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
const tsxPackage = JSON.parse(fs.readFileSync(path.join(tsxRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { import: string | { default: string } }>;
};
const entryOf = (name: string) => {
  const entry = tsxPackage.exports[name]!;
  const file = typeof entry === 'string' ? entry : typeof entry.import === 'string' ? entry.import : entry.import.default;
  return pathToFileURL(path.join(tsxRoot, file)).href;
};
const tsx = entryOf('./esm/api');
const loader = entryOf('.');
const source = new URL('../db/pglite-worker.ts', import.meta.url).href;
const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
const initSource = fileURLToPath(new URL('../db/pglite-init.ts', import.meta.url));

setPGliteStarter({
  worker: (workerData, resourceLimits) => new Worker(boot, { eval: true, workerData, resourceLimits }),
  initProcessArgs: (dataDir) => ['--import', loader, initSource, dataDir],
});
