import type { LibraryFigure, LibraryFile } from '@atrium/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileFiguresTab } from './file-figures-tab';

vi.mock('../../../app/i18n/i18n', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useTranslation: () => ({ t: (k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k) }),
}));

const figures = vi.hoisted(() => ({ items: [] as LibraryFigure[] }));
vi.mock('../api/file-libraries.api', () => ({
  useGetLibraryFileFiguresQuery: () => ({ data: { items: figures.items }, error: undefined, refetch: vi.fn() }),
}));
const fetchFigure = vi.hoisted(() => vi.fn());
vi.mock('../api/library-files', () => ({ fetchLibraryFigure: fetchFigure }));

const file = (mimeType: string) => ({ dataSourceId: 'lib', fileId: 'file', fileName: 'f', mimeType }) as unknown as LibraryFile;
const figure = (index: number, page: number | null): LibraryFigure => ({ index, page, contentType: 'image/png', width: 120, height: 80, byteSize: 100 });

describe('the figures tab', () => {
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:figure-${++n}`);
    URL.revokeObjectURL = vi.fn();
    fetchFigure.mockReset();
  });
  afterEach(cleanup);

  it('says so when the document has none', () => {
    figures.items = [];
    render(<FileFiguresTab file={file('application/pdf')} />);
    expect(screen.getByText('knowledgeAdmin.file.noFigures')).toBeTruthy();
    expect(fetchFigure).not.toHaveBeenCalled();
  });

  it('shows each image with its page through an object URL, revoked when the tab goes', async () => {
    figures.items = [figure(0, 2), figure(1, 5)];
    fetchFigure.mockImplementation(() => Promise.resolve(new Blob(['x'], { type: 'image/png' })));
    const { unmount } = render(<FileFiguresTab file={file('application/pdf')} />);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['blob:figure-1', 'blob:figure-2']);
    expect(fetchFigure.mock.calls.map(([ref]) => ref)).toEqual([
      { dataSourceId: 'lib', fileId: 'file', index: 0 },
      { dataSourceId: 'lib', fileId: 'file', index: 1 },
    ]);
    expect(screen.getByText('knowledgeAdmin.file.page {"page":5}')).toBeTruthy();
    unmount();
    expect(
      vi
        .mocked(URL.revokeObjectURL)
        .mock.calls.map(([url]) => url)
        .sort(),
    ).toEqual(['blob:figure-1', 'blob:figure-2']);
  });

  it('names a presentation’s pages slides, and marks an image that could not be fetched', async () => {
    figures.items = [figure(0, 3)];
    fetchFigure.mockResolvedValue(null);
    render(<FileFiguresTab file={file('application/vnd.openxmlformats-officedocument.presentationml.presentation')} />);
    await screen.findByText('knowledgeAdmin.file.figureNotShown');
    expect(screen.getByText('knowledgeAdmin.file.figureSlide {"page":3}')).toBeTruthy();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
