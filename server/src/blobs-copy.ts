// `npm run blobs:copy` (node server/dist/blobs-copy.js): copies the file blob store (DATA_DIR/blobs, or --from <dir>)
// into the bucket of BLOB_STORE=s3 and the S3_* settings, the same configuration the server reads. Run it again
// after an interruption or errors: objects already in the bucket with the same size are skipped (docs/storage.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { copyFileStore, type BlobCopyCounts } from './platform/blob-copy.js';
import { S3BlobStore } from './platform/blobs-s3.js';

const usage = 'usage: npm run blobs:copy -- [--from <directory>] [--concurrency <1-64>]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ options: { from: { type: 'string' }, concurrency: { type: 'string', default: '8' }, help: { type: 'boolean' } } }).values;
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${usage}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${usage}\nCopies DATA_DIR/blobs into the bucket that BLOB_STORE=s3 and S3_* name.\n`);
    return 0;
  }
  const concurrency = Number(args.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    process.stderr.write(`--concurrency must be a whole number from 1 to 64\n${usage}\n`);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (config.blobStore !== 's3' || !config.s3) {
    process.stderr.write('Set BLOB_STORE=s3 and S3_BUCKET (with S3_ENDPOINT, S3_REGION and the keys as the server will use them) to name the bucket.\n');
    return 2;
  }
  const from = path.resolve(args.from ?? path.join(config.dataDir, 'blobs'));
  const target = new S3BlobStore(config.s3);
  const where = `s3://${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`;
  process.stdout.write(`Copying ${from} to ${where}\n`);

  const line = (c: BlobCopyCounts) => `${c.copied} copied (${(c.bytes / 1024 / 1024).toFixed(1)} MB), ${c.skipped} already there, ${c.failed} failed`;
  let lastReport = Date.now();
  const counts = await copyFileStore(from, target, {
    concurrency,
    onProgress: (c) => {
      if (Date.now() - lastReport < 5_000) return;
      lastReport = Date.now();
      process.stdout.write(`  ${line(c)}\n`);
    },
  }).finally(() => target.close());

  for (const f of counts.failures) process.stderr.write(`failed: ${f.key}: ${f.error}\n`);
  if (counts.failed > counts.failures.length) process.stderr.write(`… and ${counts.failed - counts.failures.length} more\n`);
  process.stdout.write(`Done: ${line(counts)}\n`);
  if (counts.failed > 0) process.stdout.write('Run the command again to copy the files that failed; those already copied are skipped.\n');
  return counts.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`blobs:copy failed: ${(e as Error).message}\n`);
    process.exit(1);
  },
);
