// The sweep of library blobs no file row names: a file or library whose rows were deleted by a process that died
// before it removed the blobs leaves them on disk; the sweep removes them once they are older than the grace period,
// keeps the blobs of files that exist and the fresh blob of an upload whose row is not committed yet, and runs as a
// scheduled job.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { FileLibrarySchema, LibraryFileSchema, LibraryFileUploadResultSchema, type LibraryFile } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipartFiles } from '../../test/library-fixtures.js';
import { fileLibraries, libraryFiles } from '../../db/schema/index.js';
import { FileBlobStore } from '../../platform/blobs.js';
import { BlobSweepGraceMs, BlobSweepQueue, BlobSweepSchedule, sweepLibraryBlobs } from './library-blob-sweep.js';

describe('library blob sweep', () => {
  let t: TestApp;
  let token: string;
  const headers = () => ({ authorization: `Bearer ${token}` });
  const root = () => path.join(t.dataDir, 'blobs');

  /** The files under the libraries' key space, as paths below the blob root. */
  const blobFiles = (): string[] => {
    const dir = path.join(root(), 'file-libraries');
    if (!fs.existsSync(dir)) return [];
    return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((e) => e.isFile())
      .map((e) => path.relative(root(), path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  };
  /** Sets a blob's time back, as if it had been written `ms` ago. */
  const age = (key: string, ms = BlobSweepGraceMs + 60_000) => {
    const then = new Date(Date.now() - ms);
    fs.utimesSync(path.join(root(), key), then, then);
  };

  const createLibrary = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/admin/fileLibraries',
      headers: headers(),
      payload: { name, embeddingDeploymentName: null },
    });
    return FileLibrarySchema.parse(JSON.parse(res.body)).dataSourceId;
  };
  const upload = async (libraryId: string, text: string, fileName: string): Promise<LibraryFile> => {
    const { payload, headers: form } = multipartFiles([{ data: Buffer.from(text), fileName }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/internal/admin/fileLibraries/${libraryId}/files`,
      payload,
      headers: { ...form, ...headers() },
    });
    const fileId = LibraryFileUploadResultSchema.parse(JSON.parse(res.body)).items[0]!.file.fileId;
    const started = Date.now();
    for (;;) {
      const got = await t.app.inject({ method: 'GET', url: `/api/internal/admin/fileLibraries/${libraryId}/files/${fileId}`, headers: headers() });
      const file = LibraryFileSchema.parse(JSON.parse(got.body));
      if (file.status === 'Online') return file;
      if (file.status === 'Error' || Date.now() - started > 30_000) throw new Error(`file ${file.status}: ${file.errorMessage}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const blobKeyOf = async (fileId: string) =>
    (await t.ctx.db.select({ blobKey: libraryFiles.blobKey }).from(libraryFiles).where(eq(libraryFiles.id, fileId)))[0]!.blobKey;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ actions: ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite'] })).token;
  });
  afterAll(() => t.close());

  it('removes the old blobs of a file and of a library whose rows are gone, and keeps those of live files and of an upload in flight', async () => {
    const libraryId = await createLibrary('Sweep');
    const kept = await upload(libraryId, '# Kept\n\nThis file stays.\n', 'kept.md');
    const lost = await upload(libraryId, '# Lost\n\nIts row goes, its blobs stay behind.\n', 'lost.md');
    const keptKey = await blobKeyOf(kept.fileId);
    const lostKey = await blobKeyOf(lost.fileId);
    const goneLibraryId = await createLibrary('Gone');
    const inGone = await upload(goneLibraryId, 'A file of a library that is deleted.\n', 'gone.txt');
    const goneKey = await blobKeyOf(inGone.fileId);

    // a process dies between the rows' deletion and the blobs': the file's row, and a library's (its files go with it)
    await t.ctx.db.delete(libraryFiles).where(eq(libraryFiles.id, lost.fileId));
    await t.ctx.db.delete(fileLibraries).where(eq(fileLibraries.id, goneLibraryId));
    // an upload in flight: its blob is stored, its row not yet committed
    const inFlightKey = `file-libraries/${libraryId}/${randomUUID()}`;
    await t.ctx.blobs.put(inFlightKey, Buffer.from('# Arriving\n'), 'text/markdown');

    const before = blobFiles();
    expect(before).toEqual(
      [keptKey, `${keptKey}.extraction.json`, lostKey, `${lostKey}.extraction.json`, goneKey, `${goneKey}.extraction.json`, inFlightKey].sort(),
    );
    // nothing is old enough yet: a sweep now removes nothing
    expect(await sweepLibraryBlobs(t.ctx)).toEqual({ listed: 7, recent: 7, removed: 0, failed: 0 });
    expect(blobFiles()).toEqual(before);

    // an hour later for all but the upload in flight
    for (const key of before) if (key !== inFlightKey) age(key);
    expect(await sweepLibraryBlobs(t.ctx)).toEqual({ listed: 7, recent: 1, removed: 4, failed: 0 });
    expect(blobFiles()).toEqual([keptKey, `${keptKey}.extraction.json`, inFlightKey].sort());

    // the kept file is whole: its text is still served
    const extraction = await t.app.inject({
      method: 'GET',
      url: `/api/internal/admin/fileLibraries/${libraryId}/files/${kept.fileId}/extraction`,
      headers: headers(),
    });
    expect(extraction.statusCode).toBe(200);

    // the upload whose row never came is removed once it is as old as the grace period, by the sweep's clock
    const later = new Date(Date.now() + BlobSweepGraceMs + 60_000);
    expect(await sweepLibraryBlobs(t.ctx, { now: later })).toEqual({ listed: 3, recent: 0, removed: 1, failed: 0 });
    expect(blobFiles()).toEqual([keptKey, `${keptKey}.extraction.json`].sort());
  });

  it('runs as a scheduled job, and a sweep with nothing under the key space does nothing', async () => {
    const libraryId = await createLibrary('Scheduled');
    const orphan = `file-libraries/${libraryId}/${randomUUID()}`;
    await t.ctx.blobs.put(orphan, Buffer.from('left behind'), 'text/plain');
    age(orphan);
    expect(await t.ctx.jobs.send(BlobSweepQueue, {})).not.toBeNull();
    const started = Date.now();
    while (fs.existsSync(path.join(root(), orphan))) {
      if (Date.now() - started > 20_000) throw new Error('the sweep job did not remove the blob');
      await new Promise((r) => setTimeout(r, 50));
    }
    const started2 = Date.now();
    while ((await t.ctx.jobs.find(BlobSweepQueue, {})).every((j) => j.state !== 'completed')) {
      if (Date.now() - started2 > 20_000) throw new Error('the sweep job did not complete');
      await new Promise((r) => setTimeout(r, 50));
    }
    // hourly on pg-boss's schedule (UTC): one job per occurrence, however many processes run
    const schedules = (await t.ctx.db.execute(sql`select name, cron, timezone from pgboss.schedule where name = ${BlobSweepQueue}`)) as unknown as {
      rows: { name: string; cron: string; timezone: string }[];
    };
    expect(schedules.rows).toEqual([{ name: BlobSweepQueue, cron: BlobSweepSchedule, timezone: 'UTC' }]);
    // nothing under the key space of another store's libraries: nothing listed, nothing removed
    expect(await sweepLibraryBlobs({ ...t.ctx, blobs: new FileBlobStore(path.join(t.dataDir, 'empty-store')) })).toEqual({
      listed: 0,
      recent: 0,
      removed: 0,
      failed: 0,
    });
  });
});
