// An S3-compatible server on 127.0.0.1 for tests: @20minutes/s3rver (the maintained fork of s3rver; path-style
// requests, Put/Get/Head/Delete of objects, SigV4 checked against its fixed keys S3RVER/S3RVER), its objects in a
// temporary directory. `env` is the configuration a server process or the copy command would be given.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Config } from '../config.js';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** BLOB_STORE=s3 and the S3_* settings naming this server's bucket */
  env: Record<string, string>;
  config: S3Config;
  /** stops answering (connections are refused); `start` listens again on the same port with the same objects */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops it and removes its objects */
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'atrium-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    config: { bucket, endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, forcePathStyle: true },
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
