// One BlobStore interface for binary content. Embedded mode keeps files under DATA_DIR/blobs.
import fs from 'node:fs/promises';
import path from 'node:path';

export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when absent */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const safeKey = (key: string) => {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes('..')) throw new Error(`Invalid blob key: ${key}`);
  return key;
};

export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, safeKey(key));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
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

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
}
