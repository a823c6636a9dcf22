// Splits a document's text into chunks by its structure: a chunk never spans two sections (a heading starts a new
// one), holds whole paragraphs where they fit (a longer one is split at lines, then sentences, then words), runs
// to about `chunkSize` characters and starts with the last `chunkOverlap` characters of the chunk before it in the
// same section. A Markdown table (CSV and XLSX files, and the tables of HTML and DOCX, are read as such,
// platform/extraction/table-text.ts and html-text.ts) is split
// between whole rows, and each chunk of it starts with the table's header row, so that rows 200 to 240 still say
// which column is which. Each chunk keeps the headings it sits under and the pages it spans. Pure: the chunk step of
// ingestion (knowledge.ingestion.ts) stores what it returns.

export interface SourcePage {
  /** the page's number (PDF), null for documents without pages */
  page: number | null;
  text: string;
}

export interface Chunk {
  text: string;
  /** outermost first */
  headings: string[];
  pageStart: number | null;
  pageEnd: number | null;
}

export interface ChunkingOptions {
  chunkSize: number;
  chunkOverlap: number;
  /** read `#` lines as headings (Markdown, and DOCX and HTML as extraction gives them) */
  markdownHeadings: boolean;
}

interface Unit {
  text: string;
  page: number | null;
  headings: string[];
}

const HeadingLine = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const Fence = /^\s*(```|~~~)/;

/** Paragraphs (blank-line separated) with the headings above them, page by page. */
function units(pages: SourcePage[], markdownHeadings: boolean): Unit[] {
  const out: Unit[] = [];
  let headings: string[] = [];
  let inFence = false;
  for (const { page, text } of pages) {
    let paragraph: string[] = [];
    const flush = () => {
      const t = paragraph.join('\n').trim();
      if (t) out.push({ text: t, page, headings });
      paragraph = [];
    };
    for (const line of text.split('\n')) {
      if (markdownHeadings && Fence.test(line)) inFence = !inFence;
      const heading = markdownHeadings && !inFence ? HeadingLine.exec(line) : null;
      if (heading) {
        flush();
        const level = heading[1]!.length;
        // a heading replaces those of its level and deeper
        headings = [...headings.slice(0, level - 1), heading[2]!];
        continue;
      }
      if (line.trim() === '' && !inFence) flush();
      else paragraph.push(line);
    }
    flush();
  }
  return out;
}

/** Pieces of at most `size` characters: at line ends, then sentence ends, then spaces, then anywhere. */
export function splitLong(text: string, size: number): string[] {
  if (text.length <= size) return [text];
  for (const separator of [/\n/, /(?<=[.!?;:])\s+/, /\s+/]) {
    const parts = text.split(separator).filter((p) => p !== '');
    if (parts.length < 2) continue;
    const out: string[] = [];
    let current = '';
    const joiner = separator.source === '\\n' ? '\n' : ' ';
    for (const part of parts) {
      if (part.length > size) {
        if (current) out.push(current);
        current = '';
        out.push(...splitLong(part, size));
        continue;
      }
      if (current && current.length + joiner.length + part.length > size) {
        out.push(current);
        current = part;
      } else {
        current = current ? current + joiner + part : part;
      }
    }
    if (current) out.push(current);
    return out;
  }
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const TableRow = /^\s*\|.*\|\s*$/;
const TableRule = /^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$/;

/** A paragraph that is a Markdown table: its header (the header row and the rule below it) and its rows. */
export function tableOf(text: string): { header: string; rows: string[] } | null {
  const lines = text.split('\n');
  if (lines.length < 3 || !TableRule.test(lines[1]!) || !lines.every((l) => TableRow.test(l))) return null;
  return { header: `${lines[0]}\n${lines[1]}`, rows: lines.slice(2) };
}

/**
 * A table's pieces of at most `size` characters, each its header and whole rows (a row too long for one is split
 * at spaces, each part under the header). A header that takes more than half of `size` is not repeated: null.
 */
function tablePieces(table: { header: string; rows: string[] }, size: number): string[] | null {
  const room = size - table.header.length - 1;
  if (room < size / 2) return null;
  const pieces: string[] = [];
  let rows: string[] = [];
  let length = 0;
  const flush = () => {
    if (rows.length) pieces.push(`${table.header}\n${rows.join('\n')}`);
    rows = [];
    length = 0;
  };
  for (const row of table.rows) {
    for (const part of splitLong(row, room)) {
      if (rows.length && length + 1 + part.length > room) flush();
      rows.push(part);
      length += (length ? 1 : 0) + part.length;
    }
  }
  flush();
  return pieces;
}

/** The last `overlap` characters of a text, from a word's start. */
function tail(text: string, overlap: number): string {
  if (overlap <= 0) return '';
  if (text.length <= overlap) return text;
  const cut = text.slice(-overlap);
  const space = cut.search(/\s/);
  return (space === -1 ? cut : cut.slice(space)).trimStart();
}

/**
 * Where a chunk's own text starts, after the overlap carried from the chunk before it (`previous`, the chunk of the
 * same file run just before it, in the same section): the overlap is the end of `previous`, then a blank line, then
 * the chunk's own text (chunkDocument). 0 when the chunk carries nothing (a section's or a table's first chunk, a
 * table's next ones, which carry its header instead). No column stores it: it follows from the two texts.
 */
export function ownTextStart(previous: string, text: string): number {
  let start = 0;
  for (let i = text.indexOf('\n\n'); i > 0; i = text.indexOf('\n\n', i + 1)) {
    if (previous.endsWith(text.slice(0, i)) && text.length > i + 2) start = i + 2;
  }
  return start;
}

const sameHeadings = (a: string[], b: string[]) => a.length === b.length && a.every((h, i) => h === b[i]);

export function chunkDocument(pages: SourcePage[], options: ChunkingOptions): Chunk[] {
  const size = Math.max(1, options.chunkSize);
  const overlap = Math.min(options.chunkOverlap, Math.floor(size / 2));
  const chunks: Chunk[] = [];
  let current: Chunk | null = null;
  /** the text of `current` that is its own (not carried over), to know whether it holds anything new */
  let ownLength = 0;

  const close = () => {
    if (current && ownLength > 0) chunks.push(current);
    current = null;
    ownLength = 0;
  };
  const open = (unit: Unit, carried: string) => {
    current = { text: carried, headings: unit.headings, pageStart: unit.page, pageEnd: unit.page };
    ownLength = 0;
  };
  const add = (piece: string, page: number | null) => {
    const c = current!;
    c.text = c.text ? `${c.text}\n\n${piece}` : piece;
    c.pageEnd = page ?? c.pageEnd;
    if (c.pageStart === null) c.pageStart = page;
    ownLength += piece.length;
  };

  for (const unit of units(pages, options.markdownHeadings)) {
    // a new section starts a new chunk, without overlap from another section; a new page (of a PDF, a slide) starts
    // one too, with the overlap, so that a chunk's page is where its own text is (a citation opens that page)
    if (current && !sameHeadings((current as Chunk).headings, unit.headings)) close();
    else if (current && unit.page !== null && (current as Chunk).pageEnd !== unit.page && ownLength > 0) {
      const carried = tail((current as Chunk).text, overlap);
      close();
      open(unit, carried);
    }
    // a table's pieces carry its header instead of an overlap: a row cut in two would say less than the header does
    const table = tableOf(unit.text);
    const tablePieceList = table ? tablePieces(table, size) : null;
    for (const piece of tablePieceList ?? splitLong(unit.text, size - overlap > 0 ? size - overlap : size)) {
      if (!current) open(unit, '');
      const c = current! as Chunk;
      if (ownLength > 0 && c.text.length + 2 + piece.length > size) {
        const carried = tablePieceList ? '' : tail(c.text, overlap);
        close();
        open(unit, carried);
      }
      add(piece, unit.page);
    }
  }
  close();
  return chunks;
}
