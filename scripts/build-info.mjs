#!/usr/bin/env node
// Records what was built (version, commit, time) for GET /InstanceSettings/buildInfo.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
let commitHash = 'unknown';
try {
  commitHash = execSync('git rev-parse HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
} catch {
  // not a git checkout (e.g. an unpacked release): keep 'unknown'
}
const timestamp = new Date().toISOString();
const info = { version: pkg.version, buildId: `${pkg.version}.${timestamp.replace(/\D/g, '').slice(0, 12)}`, commitHash, timestamp };
fs.mkdirSync(path.join(root, 'server/dist'), { recursive: true });
fs.writeFileSync(path.join(root, 'server/dist/build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
