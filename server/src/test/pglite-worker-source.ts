// Runs the embedded database's worker thread from its TypeScript source (server/src/db/pglite-worker.ts)
// through tsx, for the test suite (vitest's setup file for the server projects) and the benches, which
// import the server's sources; the built server starts the compiled worker. Importing this module is
// all it takes.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { setPGliteWorkerStarter } from '../db/pglite-thread.js';

// tsx's ESM entry, found from this package as its exports map says
const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
const tsxPackage = JSON.parse(fs.readFileSync(path.join(tsxRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, { import: string | { default: string } }>;
};
const entry = tsxPackage.exports['./esm/api']!.import;
const tsx = pathToFileURL(path.join(tsxRoot, typeof entry === 'string' ? entry : entry.default)).href;
const source = new URL('../db/pglite-worker.ts', import.meta.url).href;
const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;

setPGliteWorkerStarter((workerData) => new Worker(boot, { eval: true, workerData }));
