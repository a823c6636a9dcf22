import type { LibraryFile } from '@atrium/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import '../admin-knowledge-texts';
import { FileMetadataSection } from './file-metadata-section';

const mutation = vi.hoisted(() => ({
  save: vi.fn(),
  state: { isLoading: false, error: undefined as unknown, reset: () => undefined },
}));
vi.mock('../api/file-libraries.api', () => ({
  useUpdateLibraryFileMetadataMutation: () => [mutation.save, mutation.state],
}));
vi.mock('notistack', () => ({ useSnackbar: () => ({ enqueueSnackbar: vi.fn() }) }));

const file = (metadata: Record<string, string>) => ({ dataSourceId: 'lib', fileId: 'file', fileName: 'f.md', metadata }) as unknown as LibraryFile;

describe("a library file's metadata", () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    mutation.save.mockReset();
    mutation.state.error = undefined;
  });
  afterEach(cleanup);

  it('shows the keys and values, and none without an edit button for one who may not change the library', () => {
    render(<FileMetadataSection file={file({ audience: 'staff', year: '2026' })} canEdit={false} />);
    expect(screen.getByText('audience')).toBeTruthy();
    expect(screen.getByText('staff')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit metadata' })).toBeNull();
    cleanup();
    render(<FileMetadataSection file={file({})} canEdit />);
    expect(screen.getByText('No metadata.')).toBeTruthy();
  });

  it('edits rows of keys and values, says what is wrong before saving, and saves the whole', async () => {
    mutation.save.mockResolvedValue({ data: file({ audience: 'students', site: 'North' }) });
    render(<FileMetadataSection file={file({ audience: 'staff' })} canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit metadata' }));
    const first = screen.getByRole('group', { name: 'Metadata entry 1' });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Value' }), { target: { value: 'students' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    const second = screen.getByRole('group', { name: 'Metadata entry 2' });
    expect(within(second).getByText('Enter a key.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save metadata' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(second).getByRole('textbox', { name: 'Key' }), { target: { value: '9lives' } });
    expect(within(second).getByText(/9lives is not a metadata key/)).toBeTruthy();
    fireEvent.change(within(second).getByRole('textbox', { name: 'Key' }), { target: { value: 'audience' } });
    expect(within(second).getByText('This key is used twice.')).toBeTruthy();
    fireEvent.change(within(second).getByRole('textbox', { name: 'Key' }), { target: { value: 'site' } });
    fireEvent.change(within(second).getByRole('textbox', { name: 'Value' }), { target: { value: 'North' } });
    expect(save.disabled).toBe(false);

    // a third row, removed again
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove entry 3' }));
    fireEvent.click(save);
    await waitFor(() => expect(mutation.save).toHaveBeenCalled());
    expect(mutation.save.mock.calls[0]![0]).toEqual({ dataSourceId: 'lib', fileId: 'file', metadata: { audience: 'students', site: 'North' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save metadata' })).toBeNull());
  });

  it('shows what the server refused at the row of the key it names', () => {
    mutation.state.error = {
      status: 400,
      data: { code: 'BadRequest', message: 'The file’s metadata is not valid.', details: [{ field: 'metadata.site', message: 'Refused by the server' }] },
    };
    render(<FileMetadataSection file={file({ site: 'North' })} canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit metadata' }));
    const first = screen.getByRole('group', { name: 'Metadata entry 1' });
    expect(within(first).getByText('Refused by the server')).toBeTruthy();
  });
});
