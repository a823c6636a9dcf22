// A library's text file (Markdown, plain text, CSV, JSON) read into text: strict UTF-8, a CSV as a Markdown table
// whose header row each chunk of it repeats, JSON indented one value per line, tidied and cut at a number of
// characters. Run on an extraction thread (extraction-worker.ts), like the documents: decoding, parsing and tidying a
// file of tens of megabytes takes seconds of CPU, which on the server's thread would stall every chat stream.
import { decodeText } from '../../modules/uploads/file-types.js';
import { tidyText } from './extraction-text.js';
import { csvAsTableUpTo } from './table-text.js';
import type { ExtractedPage } from './extraction-worker.js';

export type TextFileKind = 'markdown' | 'text' | 'csv' | 'json';

/** The file's text as one page (none when it is empty), and whether it was cut at maxChars; null when it is not UTF-8 text. */
export function readTextFile(kind: TextFileKind, data: Uint8Array, fileName: string, maxChars: number): { pages: ExtractedPage[]; truncated: boolean } | null {
  const decoded = decodeText(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  if (decoded === null) return null;
  let text = decoded;
  if (kind === 'csv') {
    // a table with its header row first, which each chunk of it repeats; written up to the characters kept (a table's
    // text is tidy already: no blank lines, no spaces at a line's end), so that a large file fits a thread's heap
    const table = csvAsTableUpTo(decoded, fileName, maxChars);
    const kept = table.text.slice(0, maxChars);
    return { pages: kept ? [{ page: null, text: kept }] : [], truncated: table.truncated || kept.length < table.text.length };
  }
  if (kind === 'json') {
    // one object per line reads (and splits) better than a minified document
    try {
      text = JSON.stringify(JSON.parse(decoded), null, 2);
    } catch {
      // not JSON after all: read it as the text it is
    }
  }
  const full = tidyText(text, Number.MAX_SAFE_INTEGER);
  const kept = full.slice(0, maxChars);
  return { pages: kept ? [{ page: null, text: kept }] : [], truncated: kept.length < full.length };
}
