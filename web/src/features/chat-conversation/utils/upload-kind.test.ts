import { describe, expect, it } from 'vitest';
import { formatBytes, nameForPasted, uploadKindOf } from './upload-kind';

describe('uploadKindOf', () => {
  it('sends images to the vision upload and documents as attachments', () => {
    expect(uploadKindOf({ name: 'photo.JPG', type: '' })).toBe('image');
    expect(uploadKindOf({ name: 'clipboard', type: 'image/png' })).toBe('image');
    expect(uploadKindOf({ name: 'report.pdf', type: 'application/pdf' })).toBe('file');
    expect(uploadKindOf({ name: 'notes.md', type: '' })).toBe('file');
    expect(uploadKindOf({ name: 'README', type: '' })).toBe('file');
  });

  it('refuses what the server would refuse, before uploading', () => {
    expect(uploadKindOf({ name: 'setup.exe', type: 'application/x-msdownload' })).toBe('unsupported');
    expect(uploadKindOf({ name: 'drawing.svg', type: 'image/svg+xml' })).toBe('unsupported');
    expect(uploadKindOf({ name: 'archive.zip', type: 'application/zip' })).toBe('unsupported');
  });
});

describe('formatBytes and nameForPasted', () => {
  it('states limits readably', () => {
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(2048)).toBe('2 KB');
  });

  it('names pasted images, which arrive as image.png', () => {
    expect(nameForPasted(new File(['x'], 'image.png', { type: 'image/png' }), 0)).toMatch(/^pasted-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.png$/);
    expect(nameForPasted(new File(['x'], 'image.png', { type: 'image/jpeg' }), 1)).toMatch(/-2\.jpg$/);
    expect(nameForPasted(new File(['x'], 'chart.webp', { type: 'image/webp' }), 0)).toBe('chart.webp');
  });
});
