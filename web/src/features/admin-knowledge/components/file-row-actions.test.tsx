import type { LibraryFile, LibraryFileStatus } from '@atrium/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileRowActions } from './library-files-section';

vi.mock('../../../app/i18n/i18n', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useTranslation: () => ({ t: (k: string) => k }),
}));

const fileIn = (status: LibraryFileStatus): LibraryFile =>
  ({ dataSourceId: 'lib', fileId: `file-${status}`, fileName: 'rules.pdf', status }) as unknown as LibraryFile;

function openMenu(status: LibraryFileStatus, canEdit = true) {
  const actions = { download: vi.fn(), reprocess: vi.fn(), cancel: vi.fn(), askDelete: vi.fn() };
  const file = fileIn(status);
  render(<FileRowActions file={file} canEdit={canEdit} actions={actions} />);
  fireEvent.click(screen.getByRole('button', { name: 'knowledgeAdmin.files.actions' }));
  const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
  return { actions, file, items };
}

afterEach(cleanup);

describe('a file row’s actions', () => {
  it('offers Cancel while the file is queued or processing, and cancels it', () => {
    for (const status of ['Queued', 'Processing'] as const) {
      const { actions, file, items } = openMenu(status);
      expect(items).toEqual([
        'knowledgeAdmin.files.download',
        'knowledgeAdmin.files.reprocess',
        'knowledgeAdmin.files.cancel',
        'knowledgeAdmin.files.deleteFile',
      ]);
      fireEvent.click(screen.getByRole('menuitem', { name: 'knowledgeAdmin.files.cancel' }));
      expect(actions.cancel).toHaveBeenCalledWith(file);
      cleanup();
    }
  });

  it('offers no Cancel for a settled or OutOfDate file, nor to those who may not change the library', () => {
    for (const status of ['Online', 'Error', 'OutOfDate'] as const) {
      expect(openMenu(status).items).not.toContain('knowledgeAdmin.files.cancel');
      cleanup();
    }
    expect(openMenu('Processing', false).items).toEqual(['knowledgeAdmin.files.download']);
  });
});
