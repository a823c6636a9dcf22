// Copying a file blob store into a bucket (platform/blob-copy.ts and the `blobs:copy` command, blobs-copy.ts), against
// an S3-compatible server on 127.0.0.1: every file lands under its key, objects already there with the same size
// are skipped, a second run copies nothing, a file that cannot be copied is reported and the rest still are.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { copyFileStore } from './blob-copy.js';
import { FileBlobStore } from './blobs.js';
import { S3BlobStore } from './blobs-s3.js';

let s3: TestS3Server;
let bucket: S3BlobStore;
let dataDir: string;
let files: FileBlobStore;
const blobs: Record<string, Buffer> = {
  'attachments/u1/a.pdf': randomBytes(70_000),
  'attachments/u1/b.txt': Buffer.from('notes'),
  'vision-images/u2/i1/image.png': randomBytes(5_000),
  'vision-images/u2/i1/thumbnail.webp': randomBytes(800),
  'brands/acme/logo.svg': Buffer.from('<svg/>'),
  'favicons/favicon.ico': randomBytes(1_000),
  'file-libraries/l1/f1/original': Buffer.alloc(0),
};

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = new S3BlobStore(s3.config);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-copy-'));
  files = new FileBlobStore(path.join(dataDir, 'blobs'));
  for (const [key, data] of Object.entries(blobs)) await files.put(key, data, 'application/octet-stream');
  // a write the file store had not finished: not a blob
  fs.writeFileSync(path.join(dataDir, 'blobs', 'attachments', 'u1', 'c.txt.4242.1700000000000.tmp'), 'partial');
});
afterAll(async () => {
  bucket?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('copying a file store into a bucket', () => {
  it('copies every blob under its key, skips those already there with the same size, and copies nothing the second time', async () => {
    // a run stopped earlier: one object copied, one cut short (its size differs)
    await bucket.put('attachments/u1/b.txt', blobs['attachments/u1/b.txt']!, 'text/plain');
    await bucket.put('attachments/u1/a.pdf', blobs['attachments/u1/a.pdf']!.subarray(0, 1000), 'application/pdf');

    const progress: number[] = [];
    const first = await copyFileStore(files.root, bucket, { concurrency: 3, onProgress: (c) => progress.push(c.copied + c.skipped + c.failed) });
    const total = Object.keys(blobs).length;
    expect(first).toEqual({ copied: total - 1, skipped: 1, failed: 0, bytes: 70_000 + 5_000 + 800 + 6 + 1_000, failures: [] });
    expect(progress).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    for (const [key, data] of Object.entries(blobs)) expect((await bucket.get(key))?.equals(data), key).toBe(true);
    expect(await bucket.get('attachments/u1/c.txt.4242.1700000000000.tmp')).toBeNull();

    const second = await copyFileStore(files.root, bucket);
    expect(second).toEqual({ copied: 0, skipped: total, failed: 0, bytes: 0, failures: [] });
  });

  it('reports a file it cannot copy and copies the others', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-copy-bad-'));
    try {
      fs.writeFileSync(path.join(dir, 'fine.txt'), 'fine');
      // not a key any store writes (a space): it is named, not copied under another name
      fs.writeFileSync(path.join(dir, 'bad name.txt'), 'bad');
      const counts = await copyFileStore(dir, bucket);
      expect(counts).toMatchObject({ copied: 1, skipped: 0, failed: 1, failures: [{ key: 'bad name.txt', error: 'Invalid blob key: bad name.txt' }] });
      expect((await bucket.get('fine.txt'))?.toString()).toBe('fine');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('copies nothing from a store that has no files yet', async () => {
    expect(await copyFileStore(path.join(dataDir, 'none'), bucket)).toEqual({ copied: 0, skipped: 0, failed: 0, bytes: 0, failures: [] });
  });
});

describe('the blobs:copy command', () => {
  const command = fileURLToPath(new URL('../blobs-copy.ts', import.meta.url));
  const run = (env: Record<string, string>, args: string[] = []) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      // only the variables given: the command reads its configuration as the server does
      const child = spawn(process.execPath, ['--import', 'tsx', command, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  it('copies DATA_DIR/blobs into the configured bucket and reports the counts', async () => {
    const other = await startS3Server('atrium-copy');
    try {
      const env = { ...other.env, DATA_DIR: dataDir };
      const first = await run(env);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain(`Copying ${path.join(dataDir, 'blobs')} to s3://atrium-copy at ${other.endpoint}`);
      expect(first.stdout).toMatch(/Done: 7 copied \(0\.1 MB\), 0 already there, 0 failed/);
      const target = new S3BlobStore(other.config);
      for (const [key, data] of Object.entries(blobs)) expect((await target.get(key))?.equals(data), key).toBe(true);
      target.close();

      const again = await run(env, ['--concurrency', '2']);
      expect(again.stdout).toMatch(/Done: 0 copied \(0\.0 MB\), 7 already there, 0 failed/);
    } finally {
      await other.close();
    }
  });

  it('fails with exit code 1 and says to run it again when the bucket does not answer', async () => {
    const stopped = await startS3Server('atrium-gone');
    await stopped.close();
    const res = await run({ ...stopped.env, DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/failed: [\w/.-]+: Blob storage \(s3:\/\/atrium-gone\) head/);
    expect(res.stdout).toMatch(/Done: 0 copied \(0\.0 MB\), 0 already there, 7 failed/);
    expect(res.stdout).toContain('Run the command again');
  });

  it('refuses to run without a bucket, or with bad arguments', async () => {
    const noBucket = await run({ DATA_DIR: dataDir });
    expect(noBucket.code).toBe(2);
    expect(noBucket.stderr).toContain('Set BLOB_STORE=s3 and S3_BUCKET');
    const badConfig = await run({ DATA_DIR: dataDir, BLOB_STORE: 's3' });
    expect(badConfig.stderr).toContain('Invalid configuration: S3_BUCKET: is required when BLOB_STORE=s3');
    const badArgs = await run({ ...s3.env, DATA_DIR: dataDir }, ['--concurrency', 'many']);
    expect(badArgs.code).toBe(2);
    expect(badArgs.stderr).toContain('--concurrency must be a whole number from 1 to 64');
  });
});
