// Reads the text of an attached file so that the model can be given it with the question: PDF through
// unpdf (pdf.js built for servers; 1.7 is the last line that runs on Node 20), DOCX through mammoth,
// text files as they are. Extraction failures leave the file without text rather than refusing it.
import type { FileKind } from './file-types.js';
import { decodeText } from './file-types.js';

/** Text kept per file; more would not fit any model's context anyway. */
export const MaxExtractedChars = 1_000_000;

const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MaxExtractedChars);

export async function extractText(kind: FileKind, data: Buffer): Promise<string | null> {
  let text: string | null = null;
  switch (kind) {
    case 'text':
      text = decodeText(data);
      break;
    case 'pdf': {
      const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(data));
      try {
        const result = await pdfText(pdf, { mergePages: false });
        text = result.text.map((page, i) => (result.totalPages > 1 ? `[Page ${i + 1}]\n${page}` : page)).join('\n\n');
      } finally {
        await pdf.destroy().catch(() => undefined);
      }
      break;
    }
    case 'docx': {
      const mammoth = await import('mammoth');
      text = (await mammoth.default.extractRawText({ buffer: data })).value;
      break;
    }
    case 'image':
      return null;
  }
  const clean = text === null ? '' : tidy(text);
  return clean === '' ? null : clean;
}
