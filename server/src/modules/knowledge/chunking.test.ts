// Chunks follow the document's structure: sections never share a chunk, paragraphs stay whole where they fit, long
// ones split at lines, sentences and words, chunks keep their headings and pages and overlap within a section; a
// table is split between rows and every chunk of it starts with its header row (also the tables of HTML pages and
// DOCX documents, as extraction reads them).
import { afterAll, describe, expect, it } from 'vitest';
import { makeStructuredDocx } from '../../test/library-fixtures.js';
import { DefaultExtractionOptions, ExtractionPool } from '../../platform/extraction/extraction-pool.js';
import { htmlToStructuredText } from '../../platform/extraction/html-text.js';
import { markdownTable } from '../../platform/extraction/table-text.js';
import { chunkDocument, ownTextStart, splitLong, tableOf, type SourcePage } from './chunking.js';

const words = (n: number, word = 'word') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('chunkDocument', () => {
  it('starts a chunk at each heading and keeps the headings above it', () => {
    const text = '# Guide\n\nIntro.\n\n## Loans\n\nThree weeks.\n\n### Fines\n\nOne euro.\n\n## Rooms\n\nBook ahead.';
    const chunks = chunkDocument([{ page: null, text }], { chunkSize: 1000, chunkOverlap: 100, markdownHeadings: true });
    expect(chunks.map((c) => [c.headings, c.text])).toEqual([
      [['Guide'], 'Intro.'],
      [['Guide', 'Loans'], 'Three weeks.'],
      [['Guide', 'Loans', 'Fines'], 'One euro.'],
      [['Guide', 'Rooms'], 'Book ahead.'],
    ]);
  });

  it('reads # lines as text where headings are not Markdown, and inside code fences', () => {
    const plain = chunkDocument([{ page: null, text: '# not a heading\n\ntext' }], { chunkSize: 1000, chunkOverlap: 0, markdownHeadings: false });
    expect(plain).toEqual([{ text: '# not a heading\n\ntext', headings: [], pageStart: null, pageEnd: null }]);
    const fenced = chunkDocument([{ page: null, text: '# Code\n\n```\n# comment\n```' }], { chunkSize: 1000, chunkOverlap: 0, markdownHeadings: true });
    expect(fenced).toEqual([{ text: '```\n# comment\n```', headings: ['Code'], pageStart: null, pageEnd: null }]);
  });

  it('fills chunks to about the size, overlapping within a section, and starts a chunk at each page', () => {
    const pages = [1, 2, 3].map((page) => ({ page, text: ['a', 'b', 'c'].map((p) => words(11, `p${page}${p}`)).join('\n\n') }));
    const chunks = chunkDocument(pages, { chunkSize: 250, chunkOverlap: 60, markdownHeadings: false });
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(250);
    // every word is in some chunk, in order
    const all = pages.flatMap((p) => p.text.split(/\s+/));
    const seen = chunks.flatMap((c) => c.text.split(/\s+/));
    expect(all.every((w) => seen.includes(w))).toBe(true);
    // each chunk after the first starts with the end of the one before it
    for (let i = 1; i < chunks.length; i++) {
      const head = chunks[i]!.text.split(/\s+/)[0]!;
      expect(chunks[i - 1]!.text).toContain(head);
    }
    expect(chunks[0]!.pageStart).toBe(1);
    expect(chunks.at(-1)!.pageEnd).toBe(3);
    // a chunk's own text is on one page (the overlap it starts with may come from the page before), so that a
    // citation of it opens the page where its text is
    for (const c of chunks) expect(c.pageEnd).toBe(c.pageStart);
    for (const page of [2, 3]) expect(chunks.find((c) => c.pageStart === page)!.text).toContain(`p${page - 1}c`);
  });

  it('finds where each chunk’s own text starts after the overlap: the own texts hold every word once, in order', () => {
    const pages = [1, 2, 3].map((page) => ({ page, text: ['a', 'b', 'c', 'd'].map((p) => words(9, `p${page}${p}`)).join('\n\n') }));
    const text = `# One\n\n${words(80, 'one')}\n\n${words(30, 'two')}\n\n# Two\n\n${words(40, 'three')}`;
    const sources: [SourcePage[], boolean][] = [
      [pages, false],
      [[{ page: null, text }], true],
    ];
    for (const [source, markdownHeadings] of sources) {
      const chunks = chunkDocument(source, { chunkSize: 220, chunkOverlap: 70, markdownHeadings });
      const own = chunks.map((c, i) => (i === 0 ? c.text : c.text.slice(ownTextStart(chunks[i - 1]!.text, c.text))));
      // (chunks 1.. of a section carry an overlap; the first of the next section does not)
      expect(chunks.slice(1).filter((c, i) => ownTextStart(chunks[i]!.text, c.text) > 0).length).toBeGreaterThan(chunks.length / 2);
      const expected = source.flatMap((p) => p.text.split(/\s+/)).filter((w) => !['#', 'One', 'Two'].includes(w));
      expect(own.flatMap((t) => t.split(/\s+/))).toEqual(expected);
    }
    // nothing carried: a chunk that does not start with the end of the one before, or that would be empty
    expect(ownTextStart('alpha beta', 'gamma\n\ndelta')).toBe(0);
    expect(ownTextStart('alpha beta', 'beta\n\n')).toBe(0);
    expect(ownTextStart('x\n\nalpha beta', 'alpha beta\n\ngamma')).toBe('alpha beta\n\n'.length);
  });

  it('does not carry overlap from one section into the next', () => {
    const text = `# A\n\n${words(50, 'a')}\n\n# B\n\n${words(5, 'b')}`;
    const chunks = chunkDocument([{ page: null, text }], { chunkSize: 200, chunkOverlap: 50, markdownHeadings: true });
    const b = chunks.filter((c) => c.headings[0] === 'B');
    expect(b).toHaveLength(1);
    expect(b[0]!.text).toBe(words(5, 'b'));
  });

  it('splits a table between whole rows and starts every chunk of it with the header row', () => {
    const rows = [['Row', 'Student', 'Grade'], ...Array.from({ length: 300 }, (_, i) => [String(i + 1), `student${i + 1}`, i % 2 ? 'B' : 'A'])];
    const text = `# Grades\n\nThe grades of the autumn term.\n\n${markdownTable(rows)}\n\nGrades are final.`;
    const chunks = chunkDocument([{ page: null, text }], { chunkSize: 500, chunkOverlap: 100, markdownHeadings: true });
    const header = '| Row | Student | Grade |\n| --- | --- | --- |';
    const tableChunks = chunks.filter((c) => c.text.includes('| student'));
    expect(tableChunks.length).toBeGreaterThan(10);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(500);
    // each chunk of the table says which column is which, and holds whole rows, none twice
    for (const c of tableChunks) {
      // (the paragraphs around the table may share its first and last chunk)
      expect(c.text.slice(c.text.indexOf(header))).toMatch(
        /^\| Row \| Student \| Grade \|\n\| --- \| --- \| --- \|(\n\| \d+ \| student\d+ \| [AB] \|)+(\n\n[^|]+)?$/,
      );
      expect(c.headings).toEqual(['Grades']);
    }
    const seen = tableChunks.flatMap((c) => [...c.text.matchAll(/\| (\d+) \| student/g)].map((m) => Number(m[1])));
    expect(seen).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    // the chunk holding row 200 starts with the header
    expect(tableChunks.find((c) => c.text.includes('| 200 | student200 |'))!.text.startsWith(header)).toBe(true);
    // the text around the table is chunked as before
    expect(chunks[0]!.text.startsWith('The grades of the autumn term.')).toBe(true);
    expect(chunks.at(-1)!.text.endsWith('Grades are final.')).toBe(true);
  });

  describe('tables of HTML pages and DOCX documents', () => {
    const pool = new ExtractionPool({ ...DefaultExtractionOptions, threads: 1 });
    afterAll(() => pool.close());
    const body = Array.from({ length: 120 }, (_, i) => [`room${i + 1}`, `${(i % 4) + 1}`, i % 2 ? 'north wing' : 'south wing']);
    const header = '| Room | Floor | Wing |\n| --- | --- | --- |';

    /** every chunk holding rows starts with the header (the first may start with the text above it), all rows once */
    const expectHeaderInEveryChunk = (text: string) => {
      const chunks = chunkDocument([{ page: null, text }], { chunkSize: 400, chunkOverlap: 80, markdownHeadings: true });
      const tableChunks = chunks.filter((c) => c.text.includes('| room'));
      expect(tableChunks.length).toBeGreaterThan(5);
      for (const c of tableChunks) {
        expect(c.text.length).toBeLessThanOrEqual(400);
        expect(c.text.slice(c.text.indexOf(header))).toMatch(
          /^\| Room \| Floor \| Wing \|\n\| --- \| --- \| --- \|(\n\| room\d+ \| \d \| (north|south) wing \|)+(\n\n[^|]+)?$/,
        );
        expect(c.headings).toEqual(['Rooms']);
      }
      expect(tableChunks.slice(1).every((c) => c.text.startsWith(header))).toBe(true);
      const seen = tableChunks.flatMap((c) => [...c.text.matchAll(/\| room(\d+) \|/g)].map((m) => Number(m[1])));
      expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    };

    it('repeats an HTML table’s header row in every chunk of it', () => {
      const row = (cells: string[], tag = 'td') => `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
      const html = `<h1>Rooms</h1><p>Where each room is.</p><table><thead>${row(['Room', 'Floor', 'Wing'], 'th')}</thead><tbody>${body
        .map((r) => row(r))
        .join('')}</tbody></table><p>Ask at the desk.</p>`;
      expectHeaderInEveryChunk(htmlToStructuredText(html));
    });

    it('repeats a DOCX table’s header row in every chunk of it', async () => {
      const docx = await makeStructuredDocx([
        { heading: 1, text: 'Rooms' },
        { text: 'Where each room is.' },
        { table: [['Room', 'Floor', 'Wing'], ...body] },
        { text: 'Ask at the desk.' },
      ]);
      const document = await pool.extractDocument('docx', docx);
      expectHeaderInEveryChunk(document.pages[0]!.text);
    });
  });

  it('recognises a Markdown table only with its header rule, and does not repeat a header too long for the chunk size', () => {
    expect(tableOf('| a | b |\n| --- | --- |\n| 1 | 2 |')).toEqual({ header: '| a | b |\n| --- | --- |', rows: ['| 1 | 2 |'] });
    expect(tableOf('| a | b |\n| 1 | 2 |\n| 3 | 4 |')).toBeNull();
    expect(tableOf('a | b\n--- | ---\n1 | 2')).toBeNull();
    const wide = markdownTable([Array.from({ length: 20 }, (_, i) => `column${i}`), ...Array.from({ length: 20 }, () => Array(20).fill('x'))]);
    const chunks = chunkDocument([{ page: null, text: wide }], { chunkSize: 300, chunkOverlap: 0, markdownHeadings: false });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.filter((c) => c.text.includes('column0'))).toHaveLength(1);
  });

  it('leaves nothing out of an empty or blank document', () => {
    expect(chunkDocument([{ page: 1, text: '  \n\n ' }], { chunkSize: 500, chunkOverlap: 50, markdownHeadings: true })).toEqual([]);
  });
});

describe('splitLong', () => {
  it('splits at lines first, then sentences, then words, then anywhere', () => {
    expect(splitLong('row one\nrow two\nrow three', 16)).toEqual(['row one\nrow two', 'row three']);
    expect(splitLong('First one. Second one. Third.', 12)).toEqual(['First one.', 'Second one.', 'Third.']);
    expect(splitLong('aaaa bbbb cccc', 9)).toEqual(['aaaa bbbb', 'cccc']);
    expect(splitLong('x'.repeat(10), 4)).toEqual(['xxxx', 'xxxx', 'xx']);
  });
});
