// BLOB_STORE=s3: blobs as objects of one bucket on S3 or an S3-compatible server (MinIO, Ceph, Garage, R2, …), with
// the AWS SDK v3 (docs/storage.md says why that client). A blob key is the object key as it is (safeKey still applies,
// so a file store copies over 1:1, see platform/blob-copy.ts).
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { safeKey, type ListedBlob, type SizedBlobStore } from './blobs.js';

/**
 * Each call is tried up to 3 times (the SDK's standard retry mode: throttling, 5xx and network errors, with
 * backoff); a connection must open within 5 s and a socket may stay silent for 30 s.
 */
export const S3Limits: { maxAttempts: number; connectionTimeoutMs: number; socketTimeoutMs: number } = {
  maxAttempts: 3,
  connectionTimeoutMs: 5_000,
  socketTimeoutMs: 30_000,
};

const isMissing = (e: unknown) => {
  const name = (e as { name?: string }).name;
  // GetObject answers NoSuchKey; HeadObject has no body, so the SDK names its 404 NotFound
  return name === 'NoSuchKey' || name === 'NotFound';
};

export class S3BlobStore implements SizedBlobStore {
  private readonly client: S3Client;
  readonly bucket: string;

  constructor(config: S3Config, limits: Partial<typeof S3Limits> = {}) {
    const { maxAttempts, connectionTimeoutMs, socketTimeoutMs } = { ...S3Limits, ...limits };
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      // a copy: the SDK marks the object it is given
      credentials: config.credentials ? { ...config.credentials } : undefined,
      // on AWS, a bucket in another region than S3_REGION still works (the SDK follows the redirect)
      followRegionRedirects: true,
      maxAttempts,
      retryMode: 'standard',
      requestHandler: { connectionTimeout: connectionTimeoutMs, requestTimeout: socketTimeoutMs },
      // checksums only where S3 requires them: many S3-compatible servers refuse or ignore the SDK's default CRC32
      // trailers; the body is still signed (its SHA-256 is part of the signature)
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private fail(operation: string, key: string, e: unknown): never {
    throw new Error(`Blob storage (s3://${this.bucket}) ${operation} ${key}: ${(e as Error).message}`, { cause: e });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const Key = safeKey(key);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: data, ContentType: contentType, ContentLength: data.length }));
    } catch (e) {
      this.fail('put', key, e);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const Key = safeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!out.Body) return Buffer.alloc(0);
      const bytes = await out.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (e) {
      if (isMissing(e)) return null;
      this.fail('get', key, e);
    }
  }

  async size(key: string): Promise<number | null> {
    const Key = safeKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return out.ContentLength ?? 0;
    } catch (e) {
      if (isMissing(e)) return null;
      this.fail('head', key, e);
    }
  }

  /** S3 answers a delete of an absent key with success too */
  async delete(key: string): Promise<void> {
    const Key = safeKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (e) {
      this.fail('delete', key, e);
    }
  }

  /** ListObjectsV2, a page of up to 1,000 keys per request, the next asked for when the last is used up. */
  async *list(prefix: string): AsyncGenerator<ListedBlob> {
    let ContinuationToken: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }));
      } catch (e) {
        this.fail('list', prefix, e);
      }
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date() };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** closes the client's connections (a command that ends; the server keeps its store for its life) */
  close(): void {
    this.client.destroy();
  }
}
