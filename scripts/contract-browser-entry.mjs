#!/usr/bin/env node
// Writes contract/src/browser.ts, the web's entry to the contract, from contract/src/index.ts, the server's: the same
// exports in the same order, with each schema file's (`….schemas.ts`, zod) as types only, so that the browser bundle
// evaluates no schema and carries no validation library. Every other module the entry exports must not load zod or a
// schema file at run time (`import type` is fine); the script stops and names the import when one does.
// node scripts/contract-browser-entry.mjs          writes browser.ts
// node scripts/contract-browser-entry.mjs --check  exits 1 when browser.ts is not what it would write
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'contract/src');
const indexFile = path.join(src, 'index.ts');
const browserFile = path.join(src, 'browser.ts');

const header = [
  "// Generated from index.ts by scripts/contract-browser-entry.mjs: do not edit, run the script. The browser's entry to",
  "// the contract: the same exports, the schema files' (zod) as types only, so that the web bundle evaluates no schema.",
];

const isSchemaFile = (specifier) => /\.schemas\.js$/.test(specifier);
/** a module's source file from its import specifier ('./x.js' → x.ts) */
const sourceOf = (from, specifier) => path.resolve(path.dirname(from), specifier.replace(/\.js$/, '.ts'));

/** The imports and re-exports a module runs (not `import type` / `export type`). */
function runtimeImports(file) {
  const text = fs.readFileSync(file, 'utf8');
  const found = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/gm)) {
    if (!m[2]) found.push(m[4]);
  }
  for (const m of text.matchAll(/^\s*import\s*'([^']+)'/gm)) found.push(m[1]);
  return found;
}

/** Fails when a module the browser entry runs loads zod or a schema file, directly or through its imports. */
function checkZodFree(file, via, seen = new Set()) {
  if (seen.has(file)) return;
  seen.add(file);
  for (const specifier of runtimeImports(file)) {
    const chain = [...via, path.relative(src, file)].join(' → ');
    if (specifier === 'zod' || specifier.startsWith('zod/')) throw new Error(`${chain} imports zod: the browser entry would evaluate it`);
    if (!specifier.startsWith('.')) continue;
    if (isSchemaFile(specifier)) throw new Error(`${chain} imports ${specifier} at run time: import its types with \`import type\``);
    checkZodFree(sourceOf(file, specifier), [...via, path.relative(src, file)], seen);
  }
}

export function browserEntry(indexSource) {
  const lines = [...header];
  for (const line of indexSource.split('\n')) {
    if (line.trim() === '' || line.startsWith('//')) continue;
    const m = /^export \* (as \w+ )?from '(\.\/[^']+)';$/.exec(line);
    if (!m) throw new Error(`index.ts: expected only \`export * from './….js';\` lines, found: ${line}`);
    const [, namespace, specifier] = m;
    if (isSchemaFile(specifier)) {
      if (namespace) throw new Error(`index.ts: a schema file cannot be a namespace export in the browser entry: ${line}`);
      lines.push(`export type * from '${specifier}';`);
    } else {
      checkZodFree(sourceOf(indexFile, specifier), []);
      lines.push(line);
    }
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const expected = browserEntry(fs.readFileSync(indexFile, 'utf8'));
  const actual = fs.existsSync(browserFile) ? fs.readFileSync(browserFile, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (actual !== expected) {
      console.error('contract/src/browser.ts is not what scripts/contract-browser-entry.mjs writes from index.ts: run the script.');
      process.exit(1);
    }
  } else if (actual !== expected) {
    fs.writeFileSync(browserFile, expected);
    console.log('wrote contract/src/browser.ts');
  }
}
