// Reads the text of an attached file so that the model can be given it with the question: text files as
// they are, PDF and DOCX on the extraction threads (platform/extraction), where a file can unpack and use
// only so much: over a limit it is refused (ExtractionRefusedError); damaged, it has no text
// (ExtractionUnreadableError).
import { extractionPool, MaxExtractedChars } from '../../platform/extraction/extraction-pool.js';
import { tidyText } from '../../platform/extraction/extraction-text.js';
import type { FileKind } from './file-types.js';
import { decodeText } from './file-types.js';

export async function extractText(kind: FileKind, data: Buffer): Promise<string | null> {
  switch (kind) {
    case 'text': {
      const text = decodeText(data);
      const clean = text === null ? '' : tidyText(text, MaxExtractedChars);
      return clean === '' ? null : clean;
    }
    case 'pdf':
    case 'docx':
      return extractionPool().extract(kind, data);
    case 'image':
      return null;
  }
}
