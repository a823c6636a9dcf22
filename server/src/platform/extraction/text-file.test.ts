// A library's text files (Markdown, text, CSV, JSON) are read on the extraction threads, with what the server's
// thread read before: the same pages and cut, whatever the size; the server's timers keep running while a large CSV
// is read; and an uploaded Markdown file is read by the pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileLibrarySchema, LibraryFileSchema, LibraryFileUploadResultSchema } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipartFiles } from '../../test/library-fixtures.js';
import { decodeText } from '../../modules/uploads/file-types.js';
import { DefaultExtractionOptions, ExtractionPool, extractionPool } from './extraction-pool.js';
import { tidyText } from './extraction-text.js';
import { csvAsTable } from './table-text.js';
import { readTextFile, type TextFileKind } from './text-file.js';

/** What ingestion did on the server's thread before (knowledge.ingestion.ts), kept here to compare with. */
function asBefore(kind: TextFileKind, data: Buffer, fileName: string, maxChars: number) {
  const decoded = decodeText(data);
  if (decoded === null) return null;
  let text = decoded;
  if (kind === 'csv') text = csvAsTable(decoded, fileName);
  if (kind === 'json') {
    try {
      text = JSON.stringify(JSON.parse(decoded), null, 2);
    } catch {
      // read as text
    }
  }
  const kept = tidyText(text, maxChars);
  return { pages: kept ? [{ page: null, text: kept }] : [], truncated: kept.length < tidyText(text, Number.MAX_SAFE_INTEGER).length };
}

const samples: [TextFileKind, string, string][] = [
  ['markdown', 'notes.md', '\uFEFF# Title\r\n\r\n\r\n\r\nSome text.   \r\n## Part\n\nMore text\t\n\n\n'],
  ['text', 'a.txt', '   \n\n  '],
  ['text', 'b.txt', 'Line one\rLine two\n\n\n\nLine three  '],
  ['csv', 'table.csv', 'name,city,notes\r\nAda,"London, UK","a ""quoted"" | pipe"\n\n,,\nBob,Paris\nCyd,Rome,x,extra\n'],
  ['csv', 'semi.csv', 'a;b;c\n1;2;3\n"multi\nline";5;6\n'],
  ['csv', 'tabs.tsv', 'a\tb\n1\t2\n'],
  ['csv', 'empty.csv', '\n\n'],
  ['json', 'data.json', '{"a":[1,2,{"b":"c"}],"d":null}'],
  ['json', 'bad.json', '{"a": 1,,,}\n\n\n\ntrailing'],
];

describe('text files on the extraction threads', () => {
  it('reads a text file as the server thread did: the same pages and the same cut, at any number of characters kept', () => {
    for (const [kind, fileName, text] of samples) {
      for (const maxChars of [1, 7, 12, 25, 40, 59, 60, 61, 100, 10_000_000]) {
        expect(readTextFile(kind, Buffer.from(text), fileName, maxChars), `${fileName} at ${maxChars}`).toEqual(
          asBefore(kind, Buffer.from(text), fileName, maxChars),
        );
      }
    }
    expect(readTextFile('markdown', Buffer.from([0x41, 0xff, 0xfe]), 'x.md', 100)).toBeNull();
    expect(readTextFile('text', Buffer.from('a\u0000b'), 'x.txt', 100)).toBeNull();
  });

  it('a long CSV is cut where the whole table would be', () => {
    const csv = Buffer.from(['id,name,score', ...Array.from({ length: 5000 }, (_, i) => `${i},"row ${i}",${i % 7}`)].join('\n'));
    for (const maxChars of [10, 1000, 54_321, 10_000_000]) {
      expect(readTextFile('csv', csv, 'big.csv', maxChars)).toEqual(asBefore('csv', csv, 'big.csv', maxChars));
    }
  });

  describe('the pool', () => {
    const pool = new ExtractionPool({ ...DefaultExtractionOptions, threads: 1 });
    afterAll(() => pool.close());

    it('reads text files on its thread, with the same answer, and null for bytes that are not text', async () => {
      const before = pool.completed;
      for (const [kind, fileName, text] of samples) {
        expect(await pool.readTextFile(kind, Buffer.from(text), fileName, 50)).toEqual(readTextFile(kind, Buffer.from(text), fileName, 50));
      }
      expect(await pool.readTextFile('text', Buffer.from([0xc3, 0x28]), 'x.txt')).toBeNull();
      expect(pool.completed - before).toBe(samples.length + 1);
    });

    it("keeps the server's timers running while it reads a CSV of several megabytes", async () => {
      const rows = Array.from({ length: 120_000 }, (_, i) => `${i},"name ${i}",${i * 3.5},a note about row ${i}`);
      const csv = Buffer.from(['id,name,value,note', ...rows].join('\n'));
      let ticks = 0;
      let longestGap = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
        ticks++;
      }, 5);
      const started = performance.now();
      let read;
      try {
        read = await pool.readTextFile('csv', csv, 'rows.csv', 10_000_000);
      } finally {
        clearInterval(timer);
      }
      const took = performance.now() - started;
      expect(read!.pages[0]!.text.startsWith('| id | name | value | note |\n| --- | --- | --- | --- |\n| 0 | name 0 | 0 | a note about row 0 |')).toBe(true);
      // the thread answered in a few hundred milliseconds at least; the server's timer fired all along (reading it on
      // the server's thread would have held it for the whole read)
      expect(took).toBeGreaterThan(100);
      expect(ticks).toBeGreaterThan(took / 50);
      expect(longestGap).toBeLessThan(Math.max(100, took / 2));
    });
  });

  describe('ingestion', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp();
      token = (await t.createUser({ actions: ['DataSourcesWrite'] })).token;
    });
    afterAll(() => t.close());

    it('reads an uploaded Markdown file and CSV file on the extraction pool', async () => {
      const headers = { authorization: `Bearer ${token}` };
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/internal/admin/fileLibraries',
        headers,
        payload: { name: 'Texts', embeddingDeploymentName: null },
      });
      const libraryId = FileLibrarySchema.parse(JSON.parse(created.body)).dataSourceId;
      const before = extractionPool().completed;
      const files = [
        { data: Buffer.from('# Ferries\n\nThe ferry leaves at nine.\n'), fileName: 'ferries.md' },
        { data: Buffer.from('route,departs\nNorth,09:00\nSouth,10:30\n'), fileName: 'timetable.csv' },
      ];
      const { payload, headers: form } = multipartFiles(files);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/internal/admin/fileLibraries/${libraryId}/files`,
        payload,
        headers: { ...form, ...headers },
      });
      const uploaded = LibraryFileUploadResultSchema.parse(JSON.parse(res.body)).items.map((i) => i.file.fileId);
      for (const fileId of uploaded) {
        const started = Date.now();
        for (;;) {
          const got = await t.app.inject({ method: 'GET', url: `/api/internal/admin/fileLibraries/${libraryId}/files/${fileId}`, headers });
          const file = LibraryFileSchema.parse(JSON.parse(got.body));
          if (file.status === 'Online') break;
          if (file.status === 'Error' || Date.now() - started > 30_000) throw new Error(`file ${file.status}: ${file.errorMessage}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      expect(extractionPool().completed - before).toBe(2);
    });
  });
});
