import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBuildInfo } from './instance.build-info.js';

describe('build information', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-build-info-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const now = new Date('2025-10-01T12:00:00.000Z');

  it('prefers the build-info.json a packaging step wrote', () => {
    const file = path.join(dir, 'build-info.json');
    fs.writeFileSync(file, JSON.stringify({ buildId: '3765', commitHash: 'abc1234def', timestamp: '2025-09-30T08:00:00Z' }));
    expect(loadBuildInfo({ files: [path.join(dir, 'missing.json'), file], gitDir: dir }, now)).toEqual({
      version: '2.2510.3765',
      buildId: '3765',
      commitHash: 'abc1234def',
      timestamp: '2025-09-30T08:00:00Z',
    });
  });

  it('says unknown, without failing, when there is neither a file nor a git checkout', () => {
    const empty = fs.mkdtempSync(path.join(dir, 'no-git-'));
    fs.writeFileSync(path.join(empty, 'broken.json'), '{not json');
    const info = loadBuildInfo({ files: [path.join(empty, 'broken.json')], gitDir: path.join(empty, 'missing-dir') }, now);
    expect(info).toEqual({ version: '2.2510.3765', buildId: 'unknown', commitHash: 'unknown', timestamp: now.toISOString() });
  });

  it('asks git in a development checkout', () => {
    const info = loadBuildInfo({ files: [], gitDir: path.dirname(new URL(import.meta.url).pathname) }, now);
    // the suite may run from an exported tree without .git; then it is 'unknown'
    if (info.commitHash !== 'unknown') {
      expect(info.commitHash).toMatch(/^[0-9a-f]{40,64}$/);
      expect(info.buildId).toBe(`dev-${info.commitHash.slice(0, 12)}`);
    }
  });
});
