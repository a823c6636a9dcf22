// What an uploaded file really is, read from its bytes: magic numbers for images, PDF and DOCX, and
// strict UTF-8 without NUL bytes for text. The client's declared type is never trusted; the file
// name's extension only names which kind of text a text file is.
import path from 'node:path';

export type FileKind = 'image' | 'pdf' | 'docx' | 'text';

export interface SniffedFile {
  kind: FileKind;
  mimeType: string;
}

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** PNG, JPEG, GIF or WebP; null otherwise (SVG is refused: it is a document that can carry script). */
export function sniffImage(data: Buffer): string | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const TextTypes: Record<string, string> = {
  '.txt': 'text/plain',
  '.log': 'text/plain',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.py': 'text/x-python',
  '.js': 'text/javascript',
  '.ts': 'text/plain',
  '.java': 'text/plain',
  '.c': 'text/plain',
  '.cpp': 'text/plain',
  '.cs': 'text/plain',
  '.go': 'text/plain',
  '.rs': 'text/plain',
  '.rb': 'text/plain',
  '.php': 'text/plain',
  '.sh': 'text/plain',
  '.sql': 'text/plain',
  '': 'text/plain',
};

/** Extensions whose content has to be the matching binary format. */
const BinaryExtensions: Record<string, FileKind> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.gif': 'image',
  '.webp': 'image',
};

const isZip = (data: Buffer) => startsWith(data, [0x50, 0x4b, 0x03, 0x04]);
// A DOCX is a zip whose entry names (stored uncompressed in the headers) include word/document.xml.
const isDocx = (data: Buffer) => isZip(data) && data.includes('word/document.xml', 0, 'latin1') && data.includes('[Content_Types].xml', 0, 'latin1');

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a text file, or null when the bytes are not UTF-8 text. */
export function decodeText(data: Buffer): string | null {
  if (data.subarray(0, 65536).includes(0)) return null;
  try {
    return utf8.decode(data).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

export type SniffResult = { ok: true; file: SniffedFile } | { ok: false; reason: 'unsupported' | 'mismatch' };

export function sniffFile(data: Buffer, fileName: string): SniffResult {
  const ext = path.extname(fileName).toLowerCase();
  const image = sniffImage(data);
  let found: SniffedFile | null = null;
  if (image) found = { kind: 'image', mimeType: image };
  else if (startsWith(data, ascii('%PDF-'))) found = { kind: 'pdf', mimeType: 'application/pdf' };
  else if (isDocx(data)) found = { kind: 'docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  else if (!isZip(data) && decodeText(data) !== null) {
    const textType = TextTypes[ext];
    if (textType) found = { kind: 'text', mimeType: textType };
    else if (!BinaryExtensions[ext]) return { ok: false, reason: 'unsupported' };
  }
  if (!found) return { ok: false, reason: BinaryExtensions[ext] ? 'mismatch' : 'unsupported' };
  // a .pdf that is really text, or a .png that is really a PDF: say so rather than guess
  const expected = BinaryExtensions[ext];
  if (expected && expected !== found.kind) return { ok: false, reason: 'mismatch' };
  return { ok: true, file: found };
}

/** A file name safe to store and show: the last path segment, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || 'file').slice(0, 255);
}
