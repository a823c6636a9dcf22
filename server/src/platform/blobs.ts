// One BlobStore interface for binary content (uploads, images, brand files, knowledge files, favicons). Embedded
// mode keeps files under DATA_DIR/blobs; BLOB_STORE=s3 keeps them in an S3-compatible bucket (platform/blobs-s3.ts),
// one object per key, so that several server processes share them (docs/storage.md).
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';

export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when absent */
  get(key: string): Promise<Buffer | null>;
  /** removes the blob; nothing happens when it is absent */
  delete(key: string): Promise<void>;
  /**
   * The blobs whose keys start with `prefix`, in no set order, read as they are iterated (a page of keys at a time):
   * what sweeps of blobs no row names compare with their rows (modules/knowledge/library-blob-sweep.ts).
   */
  list(prefix: string): AsyncIterable<ListedBlob>;
}

/** A blob as list() gives it. */
export interface ListedBlob {
  key: string;
  size: number;
  /** when it was last written */
  modifiedAt: Date;
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

  /** Complete files only: not the `.tmp` files being written (nor those a process that died while writing left). */
  async *list(prefix: string): AsyncGenerator<ListedBlob> {
    // the folder the prefix names, or the one its last segment is in
    const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    if (dir !== '') safeKey(dir);
    for await (const key of this.keysBelow(dir)) {
      if (!key.startsWith(prefix)) continue;
      let stat;
      try {
        stat = await fs.stat(path.join(this.root, key));
      } catch (e) {
        // removed since the folder was read
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      yield { key, size: stat.size, modifiedAt: stat.mtime };
    }
  }

  private async *keysBelow(dir: string): AsyncGenerator<string> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(path.join(this.root, dir), { withFileTypes: true });
    } catch (e) {
      // no such folder (nothing stored under it yet, or removed meanwhile), or a file of that name
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw e;
    }
    for (const entry of entries) {
      const key = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* this.keysBelow(key);
      else if (entry.isFile() && !entry.name.endsWith(PartialFileSuffix)) yield key;
    }
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
