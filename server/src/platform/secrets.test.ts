import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, loadEncryptionKey, secretBoxFromConfig } from './secrets.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-secrets-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('secrets', () => {
  it('seals with a version prefix and a fresh IV, and opens what it sealed', () => {
    const box = createSecretBox(randomBytes(32));
    const a = box.encrypt('sk-ünïcode-🔑');
    const b = box.encrypt('sk-ünïcode-🔑');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-');
    expect(box.decrypt(a)).toBe('sk-ünïcode-🔑');
  });

  it('refuses tampered values, other keys and unknown formats', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.encrypt('secret');
    const parts = sealed.split(':');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.decrypt([parts[0], parts[1], parts[2], flipped.toString('base64url')].join(':'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => box.decrypt('plain-text')).toThrow(/format/);
  });

  it('generates the key file once, readable by the owner only, and reuses it', () => {
    const dataDir = tempDir();
    const first = loadEncryptionKey({ encryptionKey: null, dataDir });
    const file = path.join(dataDir, 'keys', 'encryption.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadEncryptionKey({ encryptionKey: null, dataDir }).equals(first)).toBe(true);
    const sealed = secretBoxFromConfig({ encryptionKey: null, dataDir }).encrypt('x');
    expect(secretBoxFromConfig({ encryptionKey: null, dataDir }).decrypt(sealed)).toBe('x');
  });

  it('prefers ENCRYPTION_KEY and writes no file then', () => {
    const dataDir = tempDir();
    const hex = randomBytes(32).toString('hex');
    expect(loadEncryptionKey({ encryptionKey: hex, dataDir }).toString('hex')).toBe(hex);
    expect(fs.existsSync(path.join(dataDir, 'keys'))).toBe(false);
  });
});
