// BLOB_STORE=s3 through the HTTP API: two server instances on one database and one bucket (an S3-compatible server on
// 127.0.0.1, test/s3-server.ts). A file uploaded through one lands in the bucket, not on either's disk, and the other
// serves it; the readiness check reports the storage, and reports it Unhealthy when the S3 server stops or hangs.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, Readiness, VisionImage } from '@atrium/contract';
import { attachments } from '../db/schema/index.js';
import { checkReadiness } from '../modules/instance/instance.service.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { makePng, multipart } from '../test/upload-fixtures.js';
import { S3BlobStore } from './blobs-s3.js';

let s3: TestS3Server;
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  one = await createTestApp(s3.env);
  two = await createTestApp(s3.env, undefined, { database: one.ctx.database });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
  await s3?.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** what the bucket holds under `key`, read with a client of its own */
const inBucket = (key: string) => new S3BlobStore(s3.config).get(key);
const localBlobs = (t: TestApp) => fs.existsSync(path.join(t.dataDir, 'blobs'));

describe('uploads on S3-compatible storage', () => {
  it('stores an attachment uploaded through one process in the bucket, and the other process serves it', async () => {
    const user = await one.createUser();
    const text = 'Quarterly numbers\nRevenue rose 12%.';
    const body = multipart(Buffer.from(text), 'notes.md', 'text/markdown');
    const res = await one.app.inject({
      method: 'POST',
      url: '/api/internal/attachments?attachmentType=FileSearch&context=Conversation',
      payload: body.payload,
      headers: { ...body.headers, ...auth(user.token) },
    });
    expect(res.statusCode).toBe(200);
    const attachment = res.json<Attachment>();

    const [row] = await one.ctx.db.select().from(attachments).where(eq(attachments.id, attachment.attachmentId));
    expect((await inBucket(row!.blobKey))?.toString()).toBe(text);
    expect(localBlobs(one)).toBe(false);

    const back = await two.app.inject({ method: 'GET', url: `/api/internal/attachments/${attachment.attachmentId}/base64`, headers: auth(user.token) });
    expect(back.statusCode).toBe(200);
    expect(Buffer.from(back.json<{ base64Content: string }>().base64Content, 'base64').toString()).toBe(text);
    expect(localBlobs(two)).toBe(false);
  });

  it('stores a vision image and its thumbnail in the bucket, served by the other process', async () => {
    const user = await one.createUser();
    const png = await makePng(300, 200);
    const body = multipart(png, 'chart.png', 'image/png');
    const res = await two.app.inject({
      method: 'POST',
      url: '/api/internal/userConversations/visionImages',
      payload: body.payload,
      headers: { ...body.headers, ...auth(user.token) },
    });
    expect(res.statusCode).toBe(200);
    const image = res.json<VisionImage>();

    const full = await one.app.inject({
      method: 'GET',
      url: `/api/internal/userConversations/visionImages/${image.visionImageId}/${image.blobFileName}/base64`,
      headers: auth(user.token),
    });
    expect(full.statusCode).toBe(200);
    expect(Buffer.from(full.json<{ base64Content: string }>().base64Content, 'base64').equals(png)).toBe(true);
    expect(localBlobs(one) || localBlobs(two)).toBe(false);
  });
});

describe('readiness with S3-compatible storage', () => {
  const ready = async (t: TestApp) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/internal/health/ready' });
    return { statusCode: res.statusCode, body: res.json<Readiness>() };
  };

  it('reports the storage Healthy while the S3 server answers, Unhealthy while it is stopped, and Healthy again after', async () => {
    expect(await ready(one)).toEqual({
      statusCode: 200,
      body: { status: 'Healthy', checks: { database: 'Healthy', redis: 'NotConfigured', storage: 'Healthy' } },
    });
    await s3.stop();
    try {
      const started = Date.now();
      expect(await ready(one)).toEqual({
        statusCode: 503,
        body: { status: 'Unhealthy', checks: { database: 'Healthy', redis: 'NotConfigured', storage: 'Unhealthy' } },
      });
      // refused connections fail at once (after the client's retries), well within the check's 2 s
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await s3.start();
    }
    expect((await ready(two)).body.checks.storage).toBe('Healthy');
  });

  it('reports the storage Unhealthy within its timeout when the S3 server accepts connections and never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const blobs = new S3BlobStore({ ...s3.config, endpoint: `http://127.0.0.1:${port}` });
      const started = Date.now();
      const readiness = await checkReadiness({ db: one.ctx.db, cacheBus: null, blobs }, 300);
      expect(readiness).toEqual({ status: 'Unhealthy', checks: { database: 'Healthy', redis: 'NotConfigured', storage: 'Unhealthy' } });
      expect(Date.now() - started).toBeLessThan(1_500);
      blobs.close();
    } finally {
      silent.close();
    }
  });
});
