// The BlobStore contract, run against both stores: the file store under a temporary directory and the S3 store
// against an S3-compatible server on 127.0.0.1 (test/s3-server.ts). Also the configuration of BLOB_STORE=s3.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createBlobStore, FileBlobStore, PartialFileSuffix, type SizedBlobStore } from './blobs.js';
import type { S3Client } from '@aws-sdk/client-s3';
import { S3BlobStore } from './blobs-s3.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';

let s3: TestS3Server;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-blobs-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The S3 store with the path of a bucket's own requests (a listing) sent as s3rver checks their signature: s3rver
 * signs `/bucket` where the SDK (and S3, MinIO, …) sign the `/bucket/` it sends, and refuses every listing otherwise.
 */
function s3rverListing(store: S3BlobStore): S3BlobStore {
  (store as unknown as { client: S3Client }).client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 's3rverBucketPath' },
  );
  return store;
}

describe.each([
  ['file', () => new FileBlobStore(dir)],
  ['s3', () => s3rverListing(new S3BlobStore(s3.config))],
] as const)('the %s blob store', (_name, make: () => SizedBlobStore) => {
  let store: SizedBlobStore;
  beforeAll(() => {
    store = make();
  });

  it('gives back exactly the bytes it was given, under nested keys, and tells their size', async () => {
    const data = randomBytes(300_000);
    await store.put('attachments/user-1/a.bin', data, 'application/octet-stream');
    const back = await store.get('attachments/user-1/a.bin');
    expect(back?.equals(data)).toBe(true);
    expect(await store.size('attachments/user-1/a.bin')).toBe(300_000);
    // every byte value survives (no text decoding on the way)
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await store.put('raw/bytes', all, 'application/octet-stream');
    expect((await store.get('raw/bytes'))?.equals(all)).toBe(true);
  });

  it('keeps an empty blob, and replaces a blob put again under its key', async () => {
    await store.put('empty.txt', Buffer.alloc(0), 'text/plain');
    expect((await store.get('empty.txt'))?.length).toBe(0);
    expect(await store.size('empty.txt')).toBe(0);
    await store.put('brands/b/logo.png', Buffer.from('first version, longer'), 'image/png');
    await store.put('brands/b/logo.png', Buffer.from('second'), 'image/png');
    expect((await store.get('brands/b/logo.png'))?.toString()).toBe('second');
    expect(await store.size('brands/b/logo.png')).toBe(6);
  });

  it('answers null for a key it does not hold', async () => {
    expect(await store.get('attachments/nobody/missing.bin')).toBeNull();
    expect(await store.size('attachments/nobody/missing.bin')).toBeNull();
  });

  it('deletes a blob, and deleting an absent one succeeds', async () => {
    await store.put('to-delete/x.txt', Buffer.from('x'), 'text/plain');
    await store.delete('to-delete/x.txt');
    expect(await store.get('to-delete/x.txt')).toBeNull();
    await expect(store.delete('to-delete/x.txt')).resolves.toBeUndefined();
    await expect(store.delete('never/was.txt')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the store or are not plain paths, before any request', async () => {
    for (const key of ['../escape', 'a/../../b', '/absolute', '', 'spaces in key', 'a\\b', '.hidden']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid blob key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid blob key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid blob key/);
    }
  });

  it('lists the blobs under a prefix with their sizes and times, and nothing under a prefix without blobs', async () => {
    const before = Date.now() - 5_000;
    await store.put('listed/lib-1/a', Buffer.from('aaa'), 'text/plain');
    await store.put('listed/lib-1/a.extraction.json', Buffer.from('{}'), 'application/json');
    await store.put('listed/lib-2/b', Buffer.from('b'), 'text/plain');
    await store.put('listed-not/c', Buffer.from('c'), 'text/plain');
    const list = async (prefix: string) => {
      const found = [];
      for await (const blob of store.list(prefix)) found.push(blob);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    };
    const listed = await list('listed/');
    expect(listed.map((b) => [b.key, b.size])).toEqual([
      ['listed/lib-1/a', 3],
      ['listed/lib-1/a.extraction.json', 2],
      ['listed/lib-2/b', 1],
    ]);
    for (const blob of listed) {
      expect(blob.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(blob.modifiedAt.getTime()).toBeLessThan(Date.now() + 5_000);
    }
    // a prefix is any beginning of a key, not only a folder
    expect((await list('listed/lib-1/a.')).map((b) => b.key)).toEqual(['listed/lib-1/a.extraction.json']);
    expect(await list('listed/lib-3/')).toEqual([]);
    expect(await list('nothing-here/')).toEqual([]);
    // a deleted blob is no longer listed
    await store.delete('listed/lib-2/b');
    expect((await list('listed/lib-2/')).map((b) => b.key)).toEqual([]);
    // S3 answers 1,000 keys a page at most: s3rver cannot be asked for a second page (its continuation token uses a
    // cipher OpenSSL 3 refuses), so the S3 store's pages are the test below
    const many = Array.from({ length: 120 }, (_, i) => `paged/${String(i).padStart(4, '0')}`);
    await Promise.all(many.map((key) => store.put(key, Buffer.from('p'), 'text/plain')));
    expect((await list('paged/')).map((b) => b.key)).toEqual(many);
  });

  it('serves blobs written at the same time', async () => {
    const blobs = Array.from({ length: 20 }, (_, i) => [`parallel/${i}.bin`, randomBytes(1000 + i)] as const);
    await Promise.all(blobs.map(([key, data]) => store.put(key, data, 'application/octet-stream')));
    const back = await Promise.all(blobs.map(([key]) => store.get(key)));
    expect(back.map((b, i) => b?.equals(blobs[i]![1]))).toEqual(blobs.map(() => true));
  });
});

describe('the file store', () => {
  it('does not list the partial files of writes in progress or of a process that died while writing', async () => {
    const store = new FileBlobStore(dir);
    await store.put('partial/done', Buffer.from('x'), 'text/plain');
    fs.writeFileSync(path.join(dir, 'partial', `done.123.456${PartialFileSuffix}`), 'half');
    const keys = [];
    for await (const blob of store.list('partial/')) keys.push(blob.key);
    expect(keys).toEqual(['partial/done']);
  });
});

describe('the S3 store', () => {
  it('maps a key to the object of the same name in the bucket', async () => {
    const store = new S3BlobStore(s3.config);
    await store.put('generated-images/u/1.png', Buffer.from('png bytes'), 'image/png');
    // another client of the same bucket sees the object under that name, with its content type
    const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3');
    const other = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { ...s3.config.credentials! } });
    const out = await other.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'generated-images/u/1.png' }));
    expect(out.ContentType).toBe('image/png');
    expect(await out.Body!.transformToString()).toBe('png bytes');
    other.destroy();
  });

  it('fails with the bucket and key named when the bucket does not exist or the keys are wrong', async () => {
    const missing = new S3BlobStore({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(missing.put('a.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/s3:\/\/no-such-bucket\) put a\.txt/);
    await expect(missing.get('a.txt')).rejects.toThrow(/no-such-bucket/);
    const wrongKeys = new S3BlobStore({ ...s3.config, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'wrong' } });
    await expect(wrongKeys.put('a.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/s3:\/\/atrium-test\) put a\.txt/);
  });

  it('lists page after page, asking for the next with the token of the last', async () => {
    const store = new S3BlobStore(s3.config);
    const asked: (string | undefined)[] = [];
    const at = new Date('2026-01-02T03:04:05Z');
    const pages: Record<string, object> = {
      first: { Contents: [{ Key: 'p/1', Size: 1, LastModified: at }], IsTruncated: true, NextContinuationToken: 'second' },
      second: { Contents: [{ Key: 'p/2', Size: 2, LastModified: at }], IsTruncated: true, NextContinuationToken: 'third' },
      third: { Contents: [{ Key: 'p/3', Size: 3 }], IsTruncated: false },
    };
    (store as unknown as { client: { send: (command: { input: { Prefix: string; ContinuationToken?: string } }) => Promise<object> } }).client.send = (
      command,
    ) => {
      expect(command.input.Prefix).toBe('p/');
      asked.push(command.input.ContinuationToken);
      return Promise.resolve(pages[command.input.ContinuationToken ?? 'first']!);
    };
    const found = [];
    for await (const blob of store.list('p/')) found.push(blob);
    expect(asked).toEqual([undefined, 'second', 'third']);
    expect(found.map((b) => [b.key, b.size])).toEqual([
      ['p/1', 1],
      ['p/2', 2],
      ['p/3', 3],
    ]);
    expect(found[0]!.modifiedAt).toEqual(at);
    // an object without a time counts as written now (a sweep leaves it for later rather than taking it for old)
    expect(Date.now() - found[2]!.modifiedAt.getTime()).toBeLessThan(5_000);
  });

  it('fails, after its retries, when the server does not answer', async () => {
    const down = new S3BlobStore({ ...s3.config, endpoint: 'http://127.0.0.1:1' }, { maxAttempts: 2 });
    await expect(down.get('a.txt')).rejects.toThrow(/Blob storage \(s3:\/\/atrium-test\) get a\.txt/);
  });
});

describe('BLOB_STORE configuration', () => {
  it('keeps files under DATA_DIR/blobs by default', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ blobStore: 'file', s3: null });
    const store = await createBlobStore(config);
    expect(store).toBeInstanceOf(FileBlobStore);
    await store.put('probe.txt', Buffer.from('here'), 'text/plain');
    expect(fs.readFileSync(path.join(dir, 'blobs', 'probe.txt'), 'utf8')).toBe('here');
  });

  it('reads the bucket settings of BLOB_STORE=s3', async () => {
    const config = loadConfig({ ...s3.env, S3_ENDPOINT: `${s3.endpoint}/` });
    expect(config.blobStore).toBe('s3');
    expect(config.s3).toEqual(s3.config);
    expect(await createBlobStore(config)).toBeInstanceOf(S3BlobStore);
    // AWS S3 itself: no endpoint, the SDK's credential chain, virtual-hosted addresses
    expect(loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'my-bucket', S3_REGION: 'eu-central-1' }).s3).toEqual({
      bucket: 'my-bucket',
      endpoint: null,
      region: 'eu-central-1',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ BLOB_STORE: 'minio' }, /BLOB_STORE: must be file or s3/],
    [{ BLOB_STORE: 's3' }, /S3_BUCKET: is required when BLOB_STORE=s3/],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'My_Bucket' }, /S3_BUCKET: must be a bucket name/],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'ab' }, /S3_BUCKET: must be a bucket name/],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'bucket-1', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: must start with http:\/\/ or https:\/\//],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'bucket-1', S3_ENDPOINT: 'no url' }, /S3_ENDPOINT: must be a URL/],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'bucket-1', S3_REGION: 'eu central' }, /S3_REGION: must be a region name/],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'bucket-1', S3_ACCESS_KEY_ID: 'id' }, /S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set/],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'bucket-1', S3_SECRET_ACCESS_KEY: 'secret' }, /S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set/],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'bucket-1', S3_FORCE_PATH_STYLE: 'sometimes' }, /S3_FORCE_PATH_STYLE: must be true or false/],
    // S3 settings that would be ignored: the files would land on the local disk unnoticed
    [{ S3_BUCKET: 'bucket-1' }, /BLOB_STORE: must be s3 when S3_BUCKET is set/],
    [{ BLOB_STORE: 'file', S3_ENDPOINT: 'http://minio:9000' }, /BLOB_STORE: must be s3 when S3_ENDPOINT is set/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
