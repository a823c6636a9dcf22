// The extraction thread's task (run by extraction-pool.ts in a worker with a heap limit and a deadline):
// the text of a PDF through unpdf (pdf.js built for servers; 1.7 is the last line that runs on Node 20),
// of a DOCX through mammoth, after its archive has been unpacked within limits (archive.ts). What comes
// back is plain data: a refusal or an unreadable file is an answer, not a thrown error, so that its kind
// survives the crossing between threads.
import { ArchiveLimitError, cleanZip, readZip, type ArchiveLimit, type ArchiveLimits } from './archive.js';
import { tidyText } from './extraction-text.js';

export type DocumentKind = 'pdf' | 'docx';

export interface ExtractionTask {
  kind: DocumentKind;
  data: Uint8Array;
  archiveLimits: ArchiveLimits;
  /** text kept, after tidying */
  maxChars: number;
}

export type ExtractionOutcome =
  | { ok: true; text: string | null }
  /** over a limit of the archive: the file is refused */
  | { ok: false; refused: { limit: ArchiveLimit; value: number; message: string } }
  /** damaged, encrypted or not what it claims: the file has no text */
  | { ok: false; unreadable: string };

async function pdfText(data: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(data);
  try {
    const result = await extractText(pdf, { mergePages: false });
    return result.text.map((page, i) => (result.totalPages > 1 ? `[Page ${i + 1}]\n${page}` : page)).join('\n\n');
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

async function docxText(data: Uint8Array, limits: ArchiveLimits): Promise<string> {
  const entries = await readZip(Buffer.from(data.buffer, data.byteOffset, data.byteLength), limits);
  const mammoth = await import('mammoth');
  return (await mammoth.default.extractRawText({ buffer: await cleanZip(entries) })).value;
}

export default async function extract(task: ExtractionTask): Promise<ExtractionOutcome> {
  try {
    const text = task.kind === 'pdf' ? await pdfText(task.data) : await docxText(task.data, task.archiveLimits);
    const clean = tidyText(text, task.maxChars);
    return { ok: true, text: clean === '' ? null : clean };
  } catch (e) {
    if (e instanceof ArchiveLimitError) return { ok: false, refused: { limit: e.limit, value: e.value, message: e.message } };
    return { ok: false, unreadable: e instanceof Error ? e.message : String(e) };
  }
}
