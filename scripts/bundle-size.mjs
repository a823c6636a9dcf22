#!/usr/bin/env node
// Reports the JavaScript a browser downloads before /chat is on screen (budget: at most 260 kB gzipped on
// React DOM): the entry and its static imports, plus the lazy route chunks that render /chat
// (the chat layout and the chat page) with their static imports. Chunks loaded only on use (the
// highlighter, KaTeX, the tour, dialogs, the settings drawer) are not part of it.
// Also holds the public chat's embed.js (web/src/embed/embed.ts), which websites load on every page, to 5 kB gzipped.
// Run after `npm run build`: node scripts/bundle-size.mjs [--json] [--budget-kb 260]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
/** the lazy modules of web/src/app/router/router.tsx that /chat renders */
const chatRouteModules = ['src/app/layouts/chat-layout.tsx', 'src/features/chat-conversation/components/chat-page.tsx'];

const args = process.argv.slice(2);
const budgetKb = Number(args[args.indexOf('--budget-kb') + 1]) || 260;

if (!fs.existsSync(manifestPath)) {
  console.error(`No ${path.relative(root, manifestPath)}: run npm run build first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

/** a chunk and everything it imports statically */
function closure(key, into) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entry) throw new Error('the index.html entry is not in the manifest');
const initial = closure(entry, new Set());
const route = new Set(initial);
for (const key of chatRouteModules) closure(key, route);

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const rows = [...route]
  .map((key) => ({
    file: manifest[key].file,
    source: key,
    phase: initial.has(key) ? 'entry' : 'chat route',
    raw: fs.statSync(path.join(dist, manifest[key].file)).size,
    gzip: gzipSize(manifest[key].file),
  }))
  .sort((a, b) => b.gzip - a.gzip);
const kb = (bytes) => Math.round(bytes / 102.4) / 10;
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const result = {
  chunks: rows.length,
  rawKb: kb(rows.reduce((sum, row) => sum + row.raw, 0)),
  gzipKb: kb(total),
  budgetKb,
  withinBudget: total <= budgetKb * 1024,
};
/** embed.js: at most 5 kB gzipped (issue 18) */
const embedBudgetKb = 5;
const embedFile = 'embed.js';
if (!fs.existsSync(path.join(dist, embedFile))) {
  console.error(`No web/dist/${embedFile}: the build did not make it.`);
  process.exit(2);
}
const embed = { gzipKb: kb(gzipSize(embedFile)), budgetKb: embedBudgetKb, withinBudget: gzipSize(embedFile) <= embedBudgetKb * 1024 };

if (args.includes('--json')) {
  console.log(JSON.stringify({ ...result, rows, embed }, null, 2));
} else {
  console.log('| chunk | loaded by | raw kB | gzip kB |\n|---|---|---|---|');
  for (const row of rows) console.log(`| ${path.basename(row.file)} | ${row.phase} | ${kb(row.raw)} | ${kb(row.gzip)} |`);
  console.log(
    `\nChat route initial JavaScript: ${result.chunks} chunks, ${result.rawKb} kB raw, ${result.gzipKb} kB gzipped (budget ${budgetKb} kB): ${result.withinBudget ? 'ok' : 'over'}`,
  );
  console.log(`embed.js: ${embed.gzipKb} kB gzipped (budget ${embedBudgetKb} kB): ${embed.withinBudget ? 'ok' : 'over'}`);
}
process.exitCode = result.withinBudget && embed.withinBudget ? 0 : 1;
