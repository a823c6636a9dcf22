// The figures of a document: the images found in a library file as it was uploaded, read from it on request (nothing
// is stored). Word, PowerPoint and Excel keep theirs as parts of their archive (word/media, ppt/media, xl/media),
// unpacked within the limits of archive.ts; a presentation's are placed on the first slide that shows them, in the
// order the presentation shows its slides. A PDF's are drawn by its pages: pdf.js (unpdf's extractImages) decodes
// them to pixels, which sharp encodes as PNG. Other kinds of file (HTML, Markdown, text, CSV, JSON) have none.
//
// Only PNG, JPEG, GIF and WebP are served (they are what a browser shows safely); another format sharp reads (TIFF,
// BMP) is converted to PNG, the rest (EMF, WMF) is left out, and so is SVG (Office keeps a PNG of it beside it).
// Limits: MaxFigures listed, images over MaxFigureBytes left out, and icons and bullets (under MinFigureSide pixels
// on a side) too. A PDF's pages are read until MaxPdfMillis have passed.
//
// The server runs this module on the extraction threads only (extraction-worker.ts's figure tasks, through
// extraction-pool.ts), never on its own thread: pdf.js decodes a large scan's JPEG in JavaScript for up to a second a
// page, and would stall every request meanwhile. There the thread's heap limit and deadline bound it besides these
// limits; what it returns (FoundFigure, FigureImage) is plain data that crosses between threads.
import path from 'node:path';
import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import type * as Unpdf from 'unpdf';
import { DefaultArchiveLimits, readZip, type ArchiveEntry, type ArchiveLimits } from './archive.js';

export const MaxFigures = 200;
export const MaxFigureBytes = 20 * 1024 * 1024;
/** narrower or lower than this, an image is an icon, a bullet or a rule, not a figure */
export const MinFigureSide = 24;
/** pixels sharp decodes of one image (a 20 MB PNG may claim billions) */
const MaxPixels = 100_000_000;
/** a PDF's pages are read for this long at most; the figures found by then are listed */
const MaxPdfMillis = 20_000;

export type FigureContentType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** Where a figure is in its document: an archive part, or the how-manieth image a PDF page draws. */
export type FigureSource = { part: string } | { pdfPage: number; ordinal: number };

export interface FoundFigure {
  index: number;
  /** the page or slide (from 1), null for a document without pages */
  page: number | null;
  contentType: FigureContentType;
  width: number;
  height: number;
  byteSize: number;
  source: FigureSource;
}

export interface FigureImage {
  contentType: FigureContentType;
  data: Buffer;
}

const Served: Record<string, FigureContentType> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

const isFigureSized = (width: number, height: number) => width >= MinFigureSide && height >= MinFigureSide;

type Servable = FigureImage & { width: number; height: number };

/** An image as it is served: as it is in a format browsers show, else converted to PNG; null when it is none of these. */
async function servable(bytes: Buffer): Promise<Servable | null> {
  if (bytes.length > MaxFigureBytes) return null;
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MaxPixels }).metadata();
  } catch {
    return null; // EMF, WMF and what else sharp does not read
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (meta.format === 'svg' || !isFigureSized(width, height)) return null;
  const served = Served[meta.format ?? ''];
  if (served) return { contentType: served, data: bytes, width, height };
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MaxPixels }).png().toBuffer({ resolveWithObject: true });
    return data.length > MaxFigureBytes ? null : { contentType: 'image/png', data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

// ---- Office documents

const MediaFolders: Record<string, string> = { docx: 'word/media/', pptx: 'ppt/media/', xlsx: 'xl/media/' };

function readXml(xml: Buffer | undefined, open: (name: string, attributes: Record<string, string>) => void): void {
  if (!xml) return;
  const parser = new Parser({ onopentag: open }, { xmlMode: true, decodeEntities: true });
  parser.write(xml.toString('utf8'));
  parser.end();
}

/** A part's relationships (internal ones): id → the target's path in the archive, in the order they are written. */
function relationships(files: Map<string, Buffer>, part: string): Map<string, { target: string; type: string }> {
  const rels = new Map<string, { target: string; type: string }>();
  const relsPath = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  readXml(files.get(relsPath), (name, a) => {
    if (name !== 'Relationship' || !a.Id || !a.Target || a.TargetMode === 'External') return;
    const target = a.Target.startsWith('/') ? a.Target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(part), a.Target));
    rels.set(a.Id, { target, type: a.Type ?? '' });
  });
  return rels;
}

/** The media of a presentation's slides, each with the first slide (in the order shown, from 1) that shows it. */
function slideMedia(files: Map<string, Buffer>): Map<string, number> {
  const presentation = relationships(files, 'ppt/presentation.xml');
  const slides: string[] = [];
  readXml(files.get('ppt/presentation.xml'), (name, a) => {
    const id = a['r:id'];
    if (name === 'p:sldId' && id && presentation.has(id)) slides.push(presentation.get(id)!.target);
  });
  const media = new Map<string, number>();
  slides.forEach((slide, i) => {
    for (const { target, type } of relationships(files, slide).values()) {
      if (type.endsWith('/image') && !media.has(target)) media.set(target, i + 1);
    }
  });
  return media;
}

const byName = new Intl.Collator('en', { numeric: true }).compare;

/** The media parts of an Office document in the order listed: by slide for a presentation, by name (image2 before image10) else. */
function officeMedia(kind: string, entries: ArchiveEntry[]): { entry: ArchiveEntry; page: number | null }[] {
  const folder = MediaFolders[kind]!;
  const media = entries.filter((e) => e.name.startsWith(folder) && !e.name.endsWith('/')).sort((a, b) => byName(a.name, b.name));
  if (kind !== 'pptx') return media.map((entry) => ({ entry, page: null }));
  // images of layouts, masters and notes only (logos, backgrounds) are the slides' decoration, not their figures
  const onSlides = slideMedia(new Map(entries.map((e) => [e.name, e.data])));
  return media
    .filter((e) => onSlides.has(e.name))
    .map((entry) => ({ entry, page: onSlides.get(entry.name)! }))
    .sort((a, b) => a.page - b.page);
}

async function officeFigures(kind: string, data: Buffer, limits: ArchiveLimits): Promise<FoundFigure[]> {
  const found: FoundFigure[] = [];
  for (const { entry, page } of officeMedia(kind, await readZip(data, limits))) {
    if (found.length >= MaxFigures) break;
    const image = await servable(entry.data);
    if (!image) continue;
    const { contentType, width, height } = image;
    found.push({ index: found.length, page, contentType, width, height, byteSize: image.data.length, source: { part: entry.name } });
  }
  return found;
}

async function officeFigure(data: Buffer, part: string, limits: ArchiveLimits): Promise<FigureImage | null> {
  const entry = (await readZip(data, limits)).find((e) => e.name === part);
  const image = entry ? await servable(entry.data) : null;
  return image && { contentType: image.contentType, data: image.data };
}

// ---- PDF

type PdfDocument = Awaited<ReturnType<typeof Unpdf.getDocumentProxy>>;

async function withPdf<T>(data: Buffer, read: (pdf: PdfDocument, unpdf: typeof Unpdf) => Promise<T>): Promise<T> {
  const unpdf = await import('unpdf');
  // a copy: pdf.js takes the bytes it is given over
  const pdf = await unpdf.getDocumentProxy(new Uint8Array(data));
  try {
    return await read(pdf, unpdf);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

type PdfImage = Awaited<ReturnType<typeof Unpdf.extractImages>>[number];

/** A page's image as PNG; null for an icon or one whose PNG is too large. */
async function pdfPng(image: PdfImage): Promise<Servable | null> {
  const { width, height, channels } = image;
  if (!isFigureSized(width, height) || width * height > MaxPixels) return null;
  const data = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width, height, channels } })
    .png()
    .toBuffer();
  return data.length > MaxFigureBytes ? null : { contentType: 'image/png', data, width, height };
}

async function pdfFigures(data: Buffer, onCut: (reason: string) => void): Promise<FoundFigure[]> {
  return withPdf(data, async (pdf, { extractImages }) => {
    const found: FoundFigure[] = [];
    const until = Date.now() + MaxPdfMillis;
    for (let page = 1; page <= pdf.numPages && found.length < MaxFigures; page++) {
      if (Date.now() > until) {
        onCut(`the figures of pages ${page}–${pdf.numPages} were not read: reading took longer than ${MaxPdfMillis / 1000} s`);
        break;
      }
      const images = await extractImages(pdf, page);
      for (const [ordinal, raw] of images.entries()) {
        if (found.length >= MaxFigures) break;
        const image = await pdfPng(raw);
        if (!image) continue;
        found.push({
          index: found.length,
          page,
          contentType: 'image/png',
          width: image.width,
          height: image.height,
          byteSize: image.data.length,
          source: { pdfPage: page, ordinal },
        });
      }
    }
    return found;
  });
}

async function pdfFigure(data: Buffer, page: number, ordinal: number): Promise<FigureImage | null> {
  return withPdf(data, async (pdf, { extractImages }) => {
    if (page > pdf.numPages) return null;
    const raw = (await extractImages(pdf, page))[ordinal];
    const image = raw ? await pdfPng(raw) : null;
    return image && { contentType: image.contentType, data: image.data };
  });
}

// ---- what the module offers

export interface FigureOptions {
  archiveLimits?: ArchiveLimits;
  /** told when a listing stops before the end of the document (a limit of time) */
  onCut?: (reason: string) => void;
}

/**
 * The figures of a document of this kind ('pdf', 'docx', 'pptx', 'xlsx'; any other kind has none), at most
 * MaxFigures. Throws when the document cannot be read (damaged, encrypted, over the archive limits).
 */
export async function listFigures(kind: string, data: Buffer, options: FigureOptions = {}): Promise<FoundFigure[]> {
  if (kind === 'pdf') return pdfFigures(data, options.onCut ?? (() => undefined));
  if (kind in MediaFolders) return officeFigures(kind, data, options.archiveLimits ?? DefaultArchiveLimits);
  return [];
}

/** The image of a figure listFigures found in this document; null when it is not there (any more). */
export async function readFigure(data: Buffer, figure: Pick<FoundFigure, 'source'>, options: FigureOptions = {}): Promise<FigureImage | null> {
  const { source } = figure;
  if ('part' in source) return officeFigure(data, source.part, options.archiveLimits ?? DefaultArchiveLimits);
  return pdfFigure(data, source.pdfPage, source.ordinal);
}
