// The extraction thread's tasks (run by extraction-pool.ts in a worker with a heap limit and a deadline), so that
// reading a document never stalls the server's thread:
// - its text: a PDF's through unpdf (pdf.js built for servers; 1.7 is the last line that runs on Node 20), a DOCX's
//   through mammoth, after its archive has been unpacked within limits (archive.ts), an HTML page's through
//   htmlparser2, PPTX's and XLSX's from their archives' XML (office-text.ts);
// - a library's text file (text-file.ts: Markdown, plain text, CSV, JSON), decoded and tidied;
// - its figures (figures.ts): the list of the images found in it, and one of them as served. pdf.js decodes a PDF's
//   images and sharp encodes them as PNG here, which takes seconds for a large scan.
// What comes back is plain data: a refusal or an unreadable file is an answer, not a thrown error, so that its kind
// survives the crossing between threads. A figure's image crosses by transfer (its memory handed over, not cloned).
//
// Two layouts of text: 'text' (one string, what a question's attachment needs) and 'pages' (file libraries: a PDF's
// text page by page, a presentation's slide by slide; a DOCX's, HTML page's or workbook's with its headings (sheet
// names) as Markdown `#` lines, so that they can be split by their structure).
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { ArchiveLimitError, cleanZip, readZip, type ArchiveLimit, type ArchiveLimits } from './archive.js';
import { tidyText } from './extraction-text.js';
import { htmlToStructuredText } from './html-text.js';
import { pptxPages, xlsxPages } from './office-text.js';
import { readTextFile, type TextFileKind } from './text-file.js';
import type { FigureContentType, FigureSource, FoundFigure } from './figures.js';

export type DocumentKind = 'pdf' | 'docx' | 'html' | 'pptx' | 'xlsx';

export interface ExtractionTask {
  kind: DocumentKind;
  data: Uint8Array;
  archiveLimits: ArchiveLimits;
  /** text kept, after tidying */
  maxChars: number;
  /** 'text' unless said */
  layout?: 'text' | 'pages';
}

/** Lists a document's figures (figures.ts): 'pdf', 'docx', 'pptx', 'xlsx'; any other kind has none. */
export interface FigureListTask {
  figures: 'list';
  kind: string;
  data: Uint8Array;
  archiveLimits: ArchiveLimits;
}

/** Reads the image of a figure a listing found. */
export interface FigureReadTask {
  figures: 'read';
  source: FigureSource;
  data: Uint8Array;
  archiveLimits: ArchiveLimits;
}

/** Reads a library's text file (text-file.ts) in the 'pages' layout. */
export interface TextFileTask {
  textFile: TextFileKind;
  data: Uint8Array;
  fileName: string;
  /** text kept, after tidying */
  maxChars: number;
  archiveLimits: ArchiveLimits;
}

export type WorkerTask = ExtractionTask | FigureListTask | FigureReadTask | TextFileTask;

/** A page's text (page is its number in a PDF, null for documents without pages). */
export interface ExtractedPage {
  page: number | null;
  text: string;
}

export type ExtractionOutcome =
  | { ok: true; text: string | null }
  /** the 'pages' layout: pages with text, in order; truncated when the text was cut at maxChars */
  | { ok: true; pages: ExtractedPage[]; truncated: boolean }
  /** a text file that is not UTF-8 text */
  | { ok: true; notText: true }
  /** a figure listing; `cuts` say why it stopped before the document's end (a limit of time) */
  | { ok: true; figures: FoundFigure[]; cuts: string[] }
  /** a figure's image; null when the document does not have it (any more) */
  | { ok: true; image: { contentType: FigureContentType; data: Uint8Array } | null }
  /** over a limit of the archive: the file is refused */
  | { ok: false; refused: { limit: ArchiveLimit; value: number; message: string } }
  /** damaged, encrypted or not what it claims: the file has no text */
  | { ok: false; unreadable: string };

async function pdfPages(data: Uint8Array): Promise<string[]> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(data);
  try {
    return (await extractText(pdf, { mergePages: false })).text;
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

const pdfText = async (data: Uint8Array): Promise<string> => {
  const pages = await pdfPages(data);
  return pages.map((page, i) => (pages.length > 1 ? `[Page ${i + 1}]\n${page}` : page)).join('\n\n');
};

const unzip = (data: Uint8Array, limits: ArchiveLimits) => readZip(Buffer.from(data.buffer, data.byteOffset, data.byteLength), limits);

async function docxBuffer(data: Uint8Array, limits: ArchiveLimits): Promise<Buffer> {
  return cleanZip(await unzip(data, limits));
}

async function docxText(data: Uint8Array, limits: ArchiveLimits): Promise<string> {
  const mammoth = await import('mammoth');
  return (await mammoth.default.extractRawText({ buffer: await docxBuffer(data, limits) })).value;
}

/** A DOCX as text with its headings as Markdown lines: mammoth's HTML (images left out), read as HTML. */
async function docxStructuredText(data: Uint8Array, limits: ArchiveLimits): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  const noImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));
  const html = (await mammoth.convertToHtml({ buffer: await docxBuffer(data, limits) }, { convertImage: noImages })).value;
  return htmlToStructuredText(html);
}

const htmlText = (data: Uint8Array) => htmlToStructuredText(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8'));

/** Pages tidied and cut at maxChars in all; empty pages left out. */
function keptPages(pages: ExtractedPage[], maxChars: number): { pages: ExtractedPage[]; truncated: boolean } {
  const kept: ExtractedPage[] = [];
  let left = maxChars;
  let truncated = false;
  for (const page of pages) {
    if (left <= 0) {
      truncated ||= page.text.trim() !== '';
      continue;
    }
    const full = tidyText(page.text, Number.MAX_SAFE_INTEGER);
    const text = full.slice(0, left);
    if (text.length < full.length) truncated = true;
    left -= text.length;
    if (text !== '') kept.push({ page: page.page, text });
  }
  return { pages: kept, truncated };
}

async function extractPages(task: ExtractionTask): Promise<ExtractedPage[]> {
  switch (task.kind) {
    case 'pdf':
      return (await pdfPages(task.data)).map((text, i) => ({ page: i + 1, text }));
    case 'docx':
      return [{ page: null, text: await docxStructuredText(task.data, task.archiveLimits) }];
    case 'html':
      return [{ page: null, text: htmlText(task.data) }];
    case 'pptx':
      return pptxPages(await unzip(task.data, task.archiveLimits));
    case 'xlsx':
      return xlsxPages(await unzip(task.data, task.archiveLimits));
  }
}

async function extractText(task: ExtractionTask): Promise<string> {
  switch (task.kind) {
    case 'pdf':
      return pdfText(task.data);
    case 'docx':
      return docxText(task.data, task.archiveLimits);
    case 'html':
      return htmlText(task.data);
    case 'pptx':
    case 'xlsx':
      return (await extractPages(task)).map((p) => p.text).join('\n\n');
  }
}

/** What people can act on: pdf.js names an encrypted file's problem by the exception's name. */
function unreadableMessage(e: unknown): string {
  const name = e instanceof Error ? e.name : '';
  const message = e instanceof Error ? e.message : String(e);
  if (name === 'PasswordException' || /password/i.test(message)) return 'The document is protected by a password (encrypted).';
  if (name === 'InvalidPDFException') return `The PDF is damaged: ${message}`;
  return message;
}

const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

async function figures(task: FigureListTask | FigureReadTask): Promise<ExtractionOutcome> {
  // loaded at a thread's first figure task: sharp is native code a thread reading text does not need
  const { listFigures, readFigure } = await import('./figures.js');
  const options = { archiveLimits: task.archiveLimits };
  if (task.figures === 'list') {
    const cuts: string[] = [];
    const found = await listFigures(task.kind, asBuffer(task.data), { ...options, onCut: (reason) => cuts.push(reason) });
    return { ok: true, figures: found, cuts };
  }
  const image = await readFigure(asBuffer(task.data), { source: task.source }, options);
  if (!image) return { ok: true, image: null };
  // a copy of its own: the image may be a slice of the archive's or pdf.js's memory, or sharp's external memory,
  // none of which can be handed over; the copy is moved to the server's thread
  const data = new Uint8Array(image.data);
  const outcome: ExtractionOutcome = { ok: true, image: { contentType: image.contentType, data } };
  return move({ [transferableSymbol]: [data.buffer], [valueSymbol]: outcome }) as unknown as ExtractionOutcome;
}

export default async function extract(task: WorkerTask): Promise<ExtractionOutcome> {
  try {
    if ('figures' in task) return await figures(task);
    if ('textFile' in task) return { ok: true, ...(readTextFile(task.textFile, task.data, task.fileName, task.maxChars) ?? { notText: true }) };
    if (task.layout === 'pages') return { ok: true, ...keptPages(await extractPages(task), task.maxChars) };
    const clean = tidyText(await extractText(task), task.maxChars);
    return { ok: true, text: clean === '' ? null : clean };
  } catch (e) {
    if (e instanceof ArchiveLimitError) return { ok: false, refused: { limit: e.limit, value: e.value, message: e.message } };
    return { ok: false, unreadable: unreadableMessage(e) };
  }
}
