// One BlobStore interface for binary content (uploads, images, brand files, knowledge files, favicons). Embedded
// mode keeps files under DATA_DIR/blobs; BLOB_STORE=s3 keeps them in an S3-compatible bucket (platform/blobs-s3.ts),
// one object per key, so that several server processes share them (docs/storage.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';

export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when absent */
  get(key: string): Promise<Buffer | null>;
  /** removes the blob; nothing happens when it is absent */
  delete(key: string): Promise<void>;
}

/** Both stores also tell a blob's size without reading it (the copy command compares sizes). */
export interface SizedBlobStore extends BlobStore {
  /** the size in bytes; null when absent */
  size(key: string): Promise<number | null>;
}

/** Keys are relative paths: letters, digits, `/`, `_`, `.` and `-`, never `..`; the same key names the file and the object. */
export const safeKey = (key: string): string => {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes('..')) throw new Error(`Invalid blob key: ${key}`);
  return key;
};

/** The suffix of a file FileBlobStore is writing (renamed to its key when complete). */
export const PartialFileSuffix = '.tmp';

export class FileBlobStore implements SizedBlobStore {
  constructor(readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, safeKey(key));
  }

  /** the content type is not kept: each blob's row records it */
  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}${PartialFileSuffix}`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fs.stat(this.file(key))).size;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
}

/**
 * The store the configuration names. The S3 client (the AWS SDK) is loaded only for BLOB_STORE=s3, so the default
 * start does not pay for it.
 */
export async function createBlobStore(config: Pick<Config, 'blobStore' | 's3' | 'dataDir'>): Promise<SizedBlobStore> {
  if (config.blobStore === 's3' && config.s3) {
    const { S3BlobStore } = await import('./blobs-s3.js');
    return new S3BlobStore(config.s3);
  }
  return new FileBlobStore(path.join(config.dataDir, 'blobs'));
}
