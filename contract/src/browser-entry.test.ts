// browser.ts is written by scripts/contract-browser-entry.mjs from index.ts; this fails when someone edited one
// without running the script (or when a module the browser runs has come to load zod: the script refuses it).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/contract-browser-entry.mjs');

describe('the browser entry', () => {
  it('is what scripts/contract-browser-entry.mjs writes from index.ts', () => {
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
