// Zip archives read within limits: the real inflated bytes are counted, whatever the archive declares.
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { makeDocx } from '../../test/upload-fixtures.js';
import { docxBomb, zipOfManyEntries } from '../../test/zip-bomb.js';
import { ArchiveLimitError, cleanZip, DefaultArchiveLimits, readZip, type ArchiveLimit } from './archive.js';

const MiB = 1024 * 1024;

async function refusal(data: Buffer, limits = DefaultArchiveLimits): Promise<ArchiveLimit> {
  const e = await readZip(data, limits).then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ArchiveLimitError);
  return (e as ArchiveLimitError).limit;
}

describe('readZip', () => {
  it('gives every entry of a document with its bytes', async () => {
    const entries = await readZip(await makeDocx('The heron memo.'));
    expect(entries.map((e) => e.name).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(entries.find((e) => e.name === 'word/document.xml')!.data.toString()).toContain('The heron memo.');
  });

  it('refuses the 1.5 GB DOCX bomb at once: its document declares more than the limit', async () => {
    const bomb = docxBomb({ unpackedMb: 1536 });
    expect(bomb.length).toBeLessThan(2 * MiB);
    const started = Date.now();
    expect(await refusal(bomb)).toBe('unpackedBytes');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('counts real bytes: a bomb declaring a few bytes is stopped by its ratio a few megabytes in', async () => {
    const liar = docxBomb({ unpackedMb: 1536, declaredBytes: 1000 });
    const before = process.memoryUsage().arrayBuffers;
    const started = Date.now();
    expect(await refusal(liar)).toBe('ratio');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * MiB);
  });

  it('counts real bytes against the total when the ratio alone would let an entry through', async () => {
    const liar = docxBomb({ unpackedMb: 3, declaredBytes: 1000 });
    expect(await refusal(liar, { ...DefaultArchiveLimits, maxUnpackedBytes: 2 * MiB, maxRatio: 100_000 })).toBe('unpackedBytes');
    // the same archive within the limits is read whole
    const entries = await readZip(liar, { ...DefaultArchiveLimits, maxUnpackedBytes: 4 * MiB, maxRatio: 100_000 });
    expect(entries.find((e) => e.name === 'word/document.xml')!.data.length).toBeGreaterThan(3 * MiB);
  });

  it('refuses more entries than the limit', async () => {
    expect(await refusal(zipOfManyEntries(11), { ...DefaultArchiveLimits, maxEntries: 10 })).toBe('entries');
    expect(await readZip(zipOfManyEntries(10), { ...DefaultArchiveLimits, maxEntries: 10 })).toHaveLength(10);
  });

  it('fails on a damaged archive with an ordinary error', async () => {
    const docx = await makeDocx('x');
    const e = await readZip(docx.subarray(0, docx.length - 30)).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(ArchiveLimitError);
  });

  it('cleanZip holds exactly the entries read, for any zip reader', async () => {
    const entries = await readZip(await makeDocx('The heron memo.'));
    const copy = await JSZip.loadAsync(await cleanZip(entries));
    expect(Object.keys(copy.files).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(await copy.file('word/document.xml')!.async('string')).toContain('The heron memo.');
  });
});
