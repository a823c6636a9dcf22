// Tables as text: a CSV or TSV file read into rows (RFC 4180: quoted fields, doubled quotes, line breaks inside
// quotes; the separator found from the first lines), and rows written as a Markdown table whose first row is the
// header, so that the chunker (modules/knowledge/chunking.ts) can repeat that header in every chunk of the table.
// Parsed by csv-parse (Adaltas; RFC 4180 and the common deviations, no dependencies); only the separator is guessed
// here, which csv-parse does not do.
import { parse } from 'csv-parse/sync';

/** The separators a CSV file may use, most usual first. */
const Separators = [',', ';', '\t', '|'] as const;

/** The separator of a CSV text: a TSV file's tab, else the one that splits its first lines most evenly. */
export function csvSeparator(text: string, fileName = ''): string {
  if (/\.tsv$/i.test(fileName)) return '\t';
  const lines = text.split(/\r\n?|\n/, 6).filter((l) => l.trim() !== '');
  let best: string = ',';
  let bestScore = 0;
  for (const separator of Separators) {
    const counts = lines.map((l) => countOutsideQuotes(l, separator));
    const least = Math.min(...counts);
    // the same number of fields on every line counts most, then how many
    const score = least === 0 ? 0 : least + (counts.every((c) => c === counts[0]) ? 1000 : 0);
    if (score > bestScore) {
      best = separator;
      bestScore = score;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, separator: string): number {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) n++;
  }
  return n;
}

const csvOptions = (separator: string) => ({ delimiter: separator, bom: true, relax_quotes: true, relax_column_count: true, skip_empty_lines: true });
const blankRow = (row: readonly string[]) => !row.some((f) => f.trim() !== '');

/** The rows of a CSV text (a byte-order mark and blank lines left out; rows of any length; stray quotes kept). */
export function parseCsv(text: string, separator: string): string[][] {
  const rows = parse(text, csvOptions(separator)) as string[][];
  return rows.filter((row) => !blankRow(row));
}

/** Calls `each` with every row parseCsv would answer, without keeping them (csv-parse drops a record its on_record answers null for). */
function eachCsvRow(text: string, separator: string, each: (row: string[]) => void): void {
  parse(text, {
    ...csvOptions(separator),
    on_record: (row: string[]) => {
      if (!blankRow(row)) each(row);
      return null;
    },
  });
}

const cell = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');

/**
 * Rows as a Markdown table: the first row is the header, every row as wide as the widest (missing cells empty), a
 * cell's line breaks as spaces and its `|` escaped. Empty when there are no rows.
 */
export function markdownTable(rows: readonly (readonly (string | undefined)[])[]): string {
  if (rows.length === 0) return '';
  const width = Math.max(1, ...rows.map((r) => r.length));
  return [tableLine(rows[0]!, width), separatorLine(width), ...rows.slice(1).map((r) => tableLine(r, width))].join('\n');
}

const tableLine = (r: readonly (string | undefined)[], width: number) => `| ${Array.from({ length: width }, (_, i) => cell(r[i] ?? '')).join(' | ')} |`;
const separatorLine = (width: number) => `|${' --- |'.repeat(width)}`;

/** A CSV or TSV file's text as a Markdown table (its first row the header). */
export const csvAsTable = (text: string, fileName = '') => markdownTable(parseCsv(text, csvSeparator(text, fileName)));

/**
 * csvAsTable's text, written only until it is longer than `maxChars` (a file library keeps that many characters):
 * the beginning of csvAsTable(text) up to at least maxChars characters (all of it when shorter), and whether more was
 * left out. One pass over the rows finds the table's width and a second writes lines, neither holding every row: a
 * CSV of 50 MB held as rows takes over 256 MB of heap (an extraction thread's), written this way about 100 MB.
 */
export function csvAsTableUpTo(text: string, fileName: string, maxChars: number): { text: string; truncated: boolean } {
  const separator = csvSeparator(text, fileName);
  let width = 0;
  eachCsvRow(text, separator, (row) => (width = Math.max(width, row.length)));
  width = Math.max(1, width);
  const lines: string[] = [];
  let length = -1;
  let truncated = false;
  const add = (line: string) => {
    lines.push(line);
    length += line.length + 1;
  };
  eachCsvRow(text, separator, (row) => {
    if (length > maxChars) {
      truncated = true;
      return;
    }
    add(tableLine(row, width));
    if (lines.length === 1) add(separatorLine(width));
  });
  return { text: lines.join('\n'), truncated };
}
