import type { FileUploadConfiguration } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { acceptAttribute, allowedTypeNames, formatBytes, isCancellable, isSettled, refusalOf } from './library-format';

const config: FileUploadConfiguration = {
  allowedFileTypes: [
    { extensions: ['.pdf'], mimeType: 'application/pdf', description: 'PDF' },
    { extensions: ['.md', '.markdown'], mimeType: 'text/markdown', description: 'Markdown' },
  ],
  maxFileSizeBytes: 1024 * 1024,
  maxFilesPerUpload: 20,
};

describe('file library helpers', () => {
  it('writes sizes as people read them', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
  });

  it('refuses in the browser what the server would by name and size, and lets the rest through', () => {
    expect(refusalOf({ name: 'Handbook.PDF', size: 10 }, config)).toBeNull();
    expect(refusalOf({ name: 'notes.markdown', size: 10 }, config)).toBeNull();
    expect(refusalOf({ name: 'photo.png', size: 10 }, config)).toBe('wrongType');
    expect(refusalOf({ name: 'README', size: 10 }, config)).toBe('wrongType');
    expect(refusalOf({ name: 'big.pdf', size: 1024 * 1024 + 1 }, config)).toBe('tooLarge');
    expect(allowedTypeNames(config)).toBe('PDF, Markdown');
    expect(acceptAttribute(config)).toBe('.pdf,.md,.markdown');
  });

  it('counts Queued, Processing and OutOfDate files as still moving', () => {
    expect(['Queued', 'Processing', 'Online', 'Error', 'OutOfDate'].map((s) => isSettled(s as never))).toEqual([false, false, true, true, false]);
  });

  it('offers to cancel only Queued and Processing files', () => {
    expect(['Queued', 'Processing', 'Online', 'Error', 'OutOfDate'].map((s) => isCancellable(s as never))).toEqual([true, true, false, false, false]);
  });
});
