import type { FileUploadConfiguration } from '@atrium/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import '../admin-knowledge-texts';
import { LibraryUploadZone } from './library-upload-zone';

const sent = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../../app/api/http', () => ({ http: () => ({ request: sent.request }) }));
vi.mock('../../../app/state/hooks', () => ({ useAppDispatch: () => vi.fn() }));
vi.mock('../api/file-libraries.api', () => ({
  fileLibrariesApi: { util: { invalidateTags: vi.fn() } },
  useUpdateLibraryFileMetadataMutation: () => [vi.fn(), { isLoading: false }],
}));
vi.mock('notistack', () => ({ useSnackbar: () => ({ enqueueSnackbar: vi.fn() }) }));

const config: FileUploadConfiguration = {
  allowedFileTypes: [{ extensions: ['.md'], mimeType: 'text/markdown', description: 'Markdown' }],
  maxFileSizeBytes: 1024 * 1024,
  maxFilesPerUpload: 10,
};

const created = (name: string) => ({ data: { items: [{ outcome: 'Created', file: { fileName: name } }] } });

/** Chooses files with the zone's file picker. */
function choose(...names: string[]) {
  const files = names.map((n) => new File(['# text'], n, { type: 'text/markdown' }));
  fireEvent.change(screen.getByLabelText('Add files to the library'), { target: { files } });
}

/** The multipart parts of the nth request. */
const partsOf = (n: number) => {
  const body = sent.request.mock.calls[n]![0].body as FormData;
  return { metadata: body.get('metadata'), file: (body.get('file') as File | null)?.name };
};

function fillRow(n: number, key: string, value: string) {
  const row = screen.getByRole('group', { name: `Metadata entry ${n}` });
  fireEvent.change(within(row).getByRole('textbox', { name: 'Key' }), { target: { value: key } });
  fireEvent.change(within(row).getByRole('textbox', { name: 'Value' }), { target: { value } });
  return row;
}

describe("a library's upload zone", () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    sent.request.mockReset();
    sent.request.mockImplementation((req: { body: FormData }) => Promise.resolve(created((req.body.get('file') as File).name)));
  });
  afterEach(cleanup);

  it('sends no metadata part when no metadata is set (a blank row included)', async () => {
    render(<LibraryUploadZone dataSourceId="lib" config={config} />);
    fireEvent.click(screen.getByRole('button', { name: 'Metadata (optional)' }));
    expect(screen.getByRole('group', { name: 'Metadata entry 1' })).toBeTruthy();
    choose('a.md');
    await waitFor(() => expect(sent.request).toHaveBeenCalledTimes(1));
    expect(partsOf(0)).toEqual({ metadata: null, file: 'a.md' });
    expect(sent.request.mock.calls[0]![0]).toMatchObject({ method: 'POST', url: expect.stringContaining('/lib/files') });
  });

  it('sends the rows as the metadata part (JSON) with every file of the upload', async () => {
    render(<LibraryUploadZone dataSourceId="lib" config={config} />);
    fireEvent.click(screen.getByRole('button', { name: 'Metadata (optional)' }));
    fillRow(1, 'department', 'Finance');
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    fillRow(2, ' year ', '2026');
    expect(screen.getByRole('button', { name: 'Metadata: 2 entries' })).toBeTruthy();
    choose('a.md', 'b.md');
    await waitFor(() => expect(sent.request).toHaveBeenCalledTimes(2));
    for (const n of [0, 1]) expect(JSON.parse(partsOf(n).metadata as string)).toEqual({ department: 'Finance', year: '2026' });
    expect([partsOf(0).file, partsOf(1).file].sort()).toEqual(['a.md', 'b.md']);
  });

  it('refuses the files while a row is wrong, says why, and uploads once it is right', async () => {
    render(<LibraryUploadZone dataSourceId="lib" config={config} />);
    fireEvent.click(screen.getByRole('button', { name: 'Metadata (optional)' }));
    const row = fillRow(1, '9lives', 'x');
    expect(within(row).getByText(/9lives is not a metadata key/)).toBeTruthy();
    choose('a.md');
    expect(screen.getByRole('alert').textContent).toMatch(/The files were not uploaded: fix the metadata first\. 9lives is not a metadata key/);
    expect(sent.request).not.toHaveBeenCalled();
    expect(screen.queryByTestId('upload-item')).toBeNull();

    // a value without a key is wrong too
    fillRow(1, '', 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(row).getByText('Enter a key.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    fillRow(2, 'site', 'North');
    fillRow(1, 'site', 'South');
    expect(within(row).getByText('This key is used twice.')).toBeTruthy();
    choose('a.md');
    expect(screen.getByRole('alert').textContent).toMatch(/This key is used twice/);
    expect(sent.request).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove entry 2' }));
    choose('a.md');
    await waitFor(() => expect(sent.request).toHaveBeenCalledTimes(1));
    expect(JSON.parse(partsOf(0).metadata as string)).toEqual({ site: 'South' });
  });

  it("shows the server's refusal of the metadata at the file", async () => {
    sent.request.mockResolvedValue({
      error: {
        status: 400,
        data: { code: 'BadRequest', message: 'The file’s metadata is not valid: refused', details: [{ field: 'metadata.site', message: 'refused' }] },
      },
    });
    render(<LibraryUploadZone dataSourceId="lib" config={config} />);
    fireEvent.click(screen.getByRole('button', { name: 'Metadata (optional)' }));
    fillRow(1, 'site', 'North');
    choose('a.md');
    await waitFor(() => expect(screen.getByTestId('upload-item').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByText('The file’s metadata is not valid: refused')).toBeTruthy();
  });
});
