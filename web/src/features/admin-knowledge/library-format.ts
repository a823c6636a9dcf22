// Small pure helpers of the file library pages: sizes in words people read, which files the upload may send
// (the server's FileUploadConfiguration; the server checks the content again and answers 415 or 413), and which
// file statuses are still moving (the pages poll while any is).
import type { FileUploadConfiguration, LibraryFileStatus } from '@atrium/contract';

/** 1536 → "1.5 KB", in the page's language; bytes below 1 KB as bytes. */
export function formatBytes(bytes: number, locale = 'en-US'): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** "PDF, Word, …" of the types a library takes. */
export const allowedTypeNames = (config: FileUploadConfiguration): string => config.allowedFileTypes.map((type) => type.description).join(', ');

/** What the file input offers in its picker (the extensions; the content decides on the server). */
export const acceptAttribute = (config: FileUploadConfiguration): string => config.allowedFileTypes.flatMap((type) => type.extensions).join(',');

export type ClientRefusal = 'wrongType' | 'tooLarge';

/** Why the browser will not send this file, or null when the server should decide. */
export function refusalOf(file: { name: string; size: number }, config: FileUploadConfiguration): ClientRefusal | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!config.allowedFileTypes.some((type) => type.extensions.includes(extension))) return 'wrongType';
  if (file.size > config.maxFileSizeBytes) return 'tooLarge';
  return null;
}

/** Online and Error files have settled; Queued, Processing and OutOfDate ones (re-embedded in the background) still move. */
export const isSettled = (status: LibraryFileStatus): boolean => status === 'Online' || status === 'Error';

/** Queued and Processing files can be cancelled (an OutOfDate one is online, only being embedded again). */
export const isCancellable = (status: LibraryFileStatus): boolean => status === 'Queued' || status === 'Processing';

/** How often the pages ask again while something is moving. */
export const LivePollMs = 1500;
