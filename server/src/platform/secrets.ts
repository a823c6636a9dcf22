// Encryption at rest for provider and search keys: AES-256-GCM with a key from ENCRYPTION_KEY, or one
// generated once into DATA_DIR/keys/encryption.key. Sealed values carry a version prefix so that a
// later key rotation or algorithm change can tell old values from new ones.
import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../config.js';

const Version = 'v1';
const IvBytes = 12;
const TagBytes = 16;

export interface SecretBox {
  /** `v1:<iv>:<tag>:<ciphertext>`, base64url parts */
  encrypt(plain: string): string;
  /** throws when the value was sealed with another key or was tampered with */
  decrypt(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(IvBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [Version, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== Version || iv === undefined || tag === undefined || data === undefined) {
        throw new Error('Unrecognised sealed secret format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TagBytes });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** The configured key, else the key file under DATA_DIR (created on the first start, readable by the owner only). */
export function loadEncryptionKey(config: Pick<Config, 'encryptionKey' | 'dataDir'>): Buffer {
  if (config.encryptionKey) return Buffer.from(config.encryptionKey, 'hex');
  const file = path.join(config.dataDir, 'keys', 'encryption.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      // 'wx': when two processes start together, the first writer wins and the other reads its key
      fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`The key file ${file} does not hold 64 hex characters`);
  return Buffer.from(hex, 'hex');
}

export const secretBoxFromConfig = (config: Pick<Config, 'encryptionKey' | 'dataDir'>): SecretBox => createSecretBox(loadEncryptionKey(config));
