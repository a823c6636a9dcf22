#!/usr/bin/env node
// `npm start`: build what is missing or out of date, then run the server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './lib/mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stale = (output, ...sources) => {
  const out = path.join(root, output);
  if (!fs.existsSync(out)) return true;
  const built = fs.statSync(out).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
};

const needsBuild =
  stale('server/dist/main.js', 'server/src', 'contract/src') || stale('web/dist/index.html', 'web/src', 'web/index.html', 'web/public', 'contract/src');
if (needsBuild) {
  process.stdout.write('Building Atrium (first start or changed sources)...\n');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Run node directly (not through npx) so that signals reach the server itself.
const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
