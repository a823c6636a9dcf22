// Which files a library takes, recognised by their content (modules/uploads/file-types.ts reads the bytes: magic
// numbers for PDF and DOCX, strict UTF-8 for text; the extension only says which kind of text a text file is).
import path from 'node:path';
import { ErrorCodes, type FileUploadConfiguration } from '@atrium/contract';
import { AppError } from '../../platform/errors.js';
import { sniffFile } from '../uploads/file-types.js';

const PptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const XlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How a library file is read. */
export type LibraryFileKind = 'pdf' | 'docx' | 'pptx' | 'xlsx' | 'html' | 'markdown' | 'text' | 'csv' | 'json';

export const AllowedFileTypes: FileUploadConfiguration['allowedFileTypes'] = [
  { extensions: ['.pdf'], mimeType: 'application/pdf', description: 'PDF' },
  { extensions: ['.docx'], mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', description: 'Word' },
  { extensions: ['.pptx'], mimeType: PptxType, description: 'PowerPoint' },
  { extensions: ['.xlsx'], mimeType: XlsxType, description: 'Excel' },
  { extensions: ['.md', '.markdown'], mimeType: 'text/markdown', description: 'Markdown' },
  { extensions: ['.html', '.htm'], mimeType: 'text/html', description: 'HTML' },
  { extensions: ['.txt', '.log'], mimeType: 'text/plain', description: 'Text' },
  { extensions: ['.csv', '.tsv'], mimeType: 'text/csv', description: 'CSV' },
  { extensions: ['.json'], mimeType: 'application/json', description: 'JSON' },
];

const allowedList = () => AllowedFileTypes.map((t) => `${t.description} (${t.extensions.join(', ')})`).join(', ');

export const unsupportedType = (fileName: string, reason: 'unsupported' | 'mismatch') =>
  new AppError(
    ErrorCodes.unsupportedMediaType,
    415,
    reason === 'mismatch'
      ? `${fileName}: its content is not what its name says. Allowed types: ${allowedList()}.`
      : `${fileName}: this type of file cannot be added to a library. Allowed types: ${allowedList()}.`,
    [{ field: 'file', message: `Allowed: ${AllowedFileTypes.flatMap((t) => t.extensions).join(', ')}` }],
  );

const TextKinds: Record<string, LibraryFileKind> = {
  'text/markdown': 'markdown',
  'text/html': 'html',
  'text/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/json': 'json',
};

// An Office Open XML package is a zip whose entry names (stored uncompressed in its headers) name its main part.
const isZip = (data: Buffer) => data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
const holds = (data: Buffer, part: string) => data.includes(part, 0, 'latin1') && data.includes('[Content_Types].xml', 0, 'latin1');

/** The kind and type of a file a library may take, or a 415 naming the allowed types. */
export function libraryFileType(data: Buffer, fileName: string): { kind: LibraryFileKind; mimeType: string } {
  const extension = path.extname(fileName).toLowerCase();
  if (isZip(data) && holds(data, 'ppt/presentation.xml')) {
    if (extension !== '.pptx') throw unsupportedType(fileName, 'mismatch');
    return { kind: 'pptx', mimeType: PptxType };
  }
  if (isZip(data) && holds(data, 'xl/workbook.xml')) {
    if (extension !== '.xlsx') throw unsupportedType(fileName, 'mismatch');
    return { kind: 'xlsx', mimeType: XlsxType };
  }
  if (extension === '.pptx' || extension === '.xlsx') throw unsupportedType(fileName, 'mismatch');
  const sniffed = sniffFile(data, fileName);
  if (!sniffed.ok) throw unsupportedType(fileName, sniffed.reason);
  const { kind, mimeType } = sniffed.file;
  if (kind === 'pdf' || kind === 'docx') return { kind, mimeType };
  if (kind === 'image') throw unsupportedType(fileName, 'unsupported');
  // text: the extension names which kind (a name without one is plain text)
  if (extension !== '' && !TextExtensions.has(extension)) throw unsupportedType(fileName, 'unsupported');
  return { kind: TextKinds[mimeType] ?? 'text', mimeType };
}

const TextExtensions = new Set(
  AllowedFileTypes.filter((t) => t.mimeType.startsWith('text/') || t.mimeType === 'application/json').flatMap((t) => t.extensions),
);
