import type { FileLibrary, RagDataSource } from '@atrium/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import '../admin-agents-texts';
import { DataSourcesCard } from './data-sources-card';

const api = vi.hoisted(() => ({
  links: [] as unknown[],
  update: vi.fn(),
  add: vi.fn(),
  remove: vi.fn(),
  state: { isLoading: false, error: undefined as unknown },
  addState: { isLoading: false, error: undefined as unknown },
  libraries: [] as unknown[],
}));
vi.mock('../api/admin-agents.api', () => ({
  useListRagDataSourcesQuery: () => ({ data: { items: api.links, continuationToken: null }, error: undefined, refetch: vi.fn() }),
  useRemoveRagDataSourceMutation: () => [api.remove],
  useUpdateRagDataSourceMutation: () => [api.update, api.state],
  useAddRagDataSourceMutation: () => [api.add, api.addState],
}));
vi.mock('../../../components/agent-config/agent-libraries.api', () => ({
  useListAgentLibraryChoicesQuery: () => ({ data: { items: api.libraries, continuationToken: null } }),
}));
vi.mock('../../../app/hooks/use-resolved-actions', () => ({ useMayAct: () => true }));
const snackbar = vi.hoisted(() => vi.fn());
vi.mock('notistack', () => ({ useSnackbar: () => ({ enqueueSnackbar: snackbar }) }));

const libraryId = '11111111-1111-4111-8111-111111111111';
const link = (filters: RagDataSource['filters']): RagDataSource => ({
  ragDataSourceId: '22222222-2222-4222-8222-222222222222',
  gptSystemId: '33333333-3333-4333-8333-333333333333',
  dataSourceId: libraryId,
  dataSourceType: 'FileLibrary',
  topK: 5,
  filters,
  createdAt: '2026-11-25T10:00:00.000Z',
});
const files = { total: 3, online: 3, processing: 0, queued: 0, outOfDate: 0, error: 0 };
const library = { dataSourceId: libraryId, name: 'Handbook', filterableFields: ['fileName', 'uploadedAt', 'metadata.year'], files } as unknown as FileLibrary;
const otherId = '44444444-4444-4444-8444-444444444444';
const other = { dataSourceId: otherId, name: 'Price lists', filterableFields: ['fileName', 'metadata.region'], files } as unknown as FileLibrary;

/** Picks an option of a MUI select by its label. */
function choose(group: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(group).getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe("the agent's data source links", () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    api.update.mockReset();
    api.add.mockReset();
    snackbar.mockReset();
    api.state.error = undefined;
    api.addState.error = undefined;
    api.libraries = [library];
  });
  afterEach(cleanup);

  it("shows each link's filter as chips, and no edit button to one who may not edit the agent", () => {
    api.links = [
      link([
        { field: 'fileName', operator: 'contains', value: 'policy' },
        { field: 'metadata.year', operator: 'in', value: ['2025', '2026'] },
      ]),
    ];
    render(<DataSourcesCard gptSystemId="agent" canEdit={false} />);
    expect(screen.getByText('Handbook')).toBeTruthy();
    expect(screen.getByText('File name contains policy')).toBeTruthy();
    expect(screen.getByText('Metadata: year is one of 2025, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit the link/ })).toBeNull();
    cleanup();
    api.links = [link([])];
    render(<DataSourcesCard gptSystemId="agent" canEdit={false} />);
    expect(screen.getByText("No filter: all of the library's files")).toBeTruthy();
  });

  it("edits the filter on the library's filterable fields, checks it before saving, and PUTs the whole filter", async () => {
    api.links = [link([{ field: 'fileName', operator: 'contains', value: 'policy' }])];
    api.update.mockResolvedValue({ data: link([]) });
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit the link to Handbook' }));
    const first = screen.getByRole('group', { name: 'Condition 1' });
    expect((within(first).getByRole('textbox', { name: 'Value' }) as HTMLInputElement).value).toBe('policy');

    fireEvent.click(screen.getByRole('button', { name: 'Add a condition' }));
    const second = screen.getByRole('group', { name: 'Condition 2' });
    choose(second, 'Field', 'Metadata: year');
    expect(within(second).getByText('Enter a value')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(second).getByRole('textbox', { name: 'Value' }), { target: { value: '2026' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![0]).toEqual({
      gptSystemId: '33333333-3333-4333-8333-333333333333',
      ragDataSourceId: '22222222-2222-4222-8222-222222222222',
      body: {
        topK: 5,
        filters: [
          { field: 'fileName', operator: 'contains', value: 'policy' },
          { field: 'metadata.year', operator: 'eq', value: '2026' },
        ],
      },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
  });

  it('removes the filter with an empty list', async () => {
    api.links = [link([{ field: 'fileName', operator: 'contains', value: 'policy' }])];
    api.update.mockResolvedValue({ data: link([]) });
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit the link to Handbook' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![0].body).toEqual({ topK: 5, filters: [] });
  });

  it('shows what the server refused at the condition it names', () => {
    api.links = [
      link([
        { field: 'fileName', operator: 'contains', value: 'policy' },
        { field: 'metadata.year', operator: 'eq', value: '2026' },
      ]),
    ];
    api.state.error = {
      status: 400,
      data: {
        code: 'BadRequest',
        message: 'The filter is not valid.',
        details: [{ field: 'filters.1.field', message: 'metadata.year is not a filterable field of this library.' }],
      },
    };
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit the link to Handbook' }));
    const second = screen.getByRole('group', { name: 'Condition 2' });
    expect(within(second).getByText('metadata.year is not a filterable field of this library.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Condition 1' })).queryByText(/not a filterable field/)).toBeNull();
    expect(screen.getByText('The filter is not valid.')).toBeTruthy();
  });

  it('shows an empty card with "Add library" to one who may edit the agent, and nothing to one who may not', () => {
    api.links = [];
    const { container } = render(<DataSourcesCard gptSystemId="agent" canEdit={false} />);
    expect(container.innerHTML).toBe('');
    cleanup();
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    expect(screen.getByRole('heading', { name: 'Data source links' })).toBeTruthy();
    expect(screen.getByText(/^No libraries linked directly/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add library' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Data source links' })).toBeNull();
  });

  it('adds a link: offers only the libraries not linked yet, POSTs the library, its top-k and filter, and the link appears', async () => {
    api.links = [];
    api.libraries = [library, other];
    api.add.mockImplementation((arg: { dataSourceId: string; topK: number; filters?: RagDataSource['filters'] }) => {
      const created = { ...link(arg.filters ?? []), dataSourceId: arg.dataSourceId, topK: arg.topK, ragDataSourceId: '55555555-5555-4555-8555-555555555555' };
      api.links = [created];
      return Promise.resolve({ data: created });
    });
    const { rerender } = render(<DataSourcesCard gptSystemId="agent" canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Add library' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a library' });
    // the top-k starts at the server's default
    const topK = within(dialog).getByRole('spinbutton', { name: 'Passages (top-k)' }) as HTMLInputElement;
    expect(topK.value).toBe('5');
    // no library chosen: Add says so and sends nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Choose a library')).toBeTruthy();
    expect(api.add).not.toHaveBeenCalled();

    const picker = within(dialog).getByRole('combobox', { name: 'Library' });
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Handbook3 files, 3 online', 'Price lists3 files, 3 online']);
    fireEvent.click(screen.getByRole('option', { name: /^Price lists/ }));
    expect(within(dialog).queryByText('Choose a library')).toBeNull();
    fireEvent.change(topK, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a condition' }));
    const condition = within(dialog).getByRole('group', { name: 'Condition 1' });
    choose(condition, 'Field', 'Metadata: region');
    fireEvent.change(within(condition).getByRole('textbox', { name: 'Value' }), { target: { value: 'EU' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.add).toHaveBeenCalledTimes(1));
    expect(api.add.mock.calls[0]![0]).toEqual({
      gptSystemId: 'agent',
      dataSourceId: otherId,
      topK: 12,
      filters: [{ field: 'metadata.region', operator: 'eq', value: 'EU' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(snackbar).toHaveBeenCalledWith('Price lists linked', { variant: 'success' });
    // the list query, invalidated by the mutation, now holds the link
    rerender(<DataSourcesCard gptSystemId="agent" canEdit />);
    const row = within(screen.getByRole('list', { name: 'Data source links' })).getByTestId('rag-link');
    expect(within(row).getByText('Price lists')).toBeTruthy();
    expect(within(row).getByText('Up to 12 passages per question')).toBeTruthy();
    expect(within(row).getByText('Metadata: region is EU')).toBeTruthy();
    expect(screen.queryByText(/^No libraries linked directly/)).toBeNull();

    // the linked library is not offered again
    fireEvent.click(screen.getByRole('button', { name: 'Add library' }));
    fireEvent.keyDown(within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Library' }), { key: 'ArrowDown' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Handbook3 files, 3 online']);
  });

  it('adds a link without a filter with the top-k alone, and shows what the server refused', async () => {
    api.links = [];
    api.add.mockResolvedValue({ data: link([]) });
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Add library' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a library' });
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Library' }), { key: 'ArrowDown' });
    fireEvent.click(screen.getByRole('option', { name: /^Handbook/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.add).toHaveBeenCalled());
    expect(api.add.mock.calls[0]![0]).toEqual({ gptSystemId: 'agent', dataSourceId: libraryId, topK: 5 });
    cleanup();

    api.addState.error = {
      status: 400,
      data: { code: 'BadRequest', message: 'The link is not valid.', details: [{ field: 'body.topK', message: 'Number must be at most 50' }] },
    };
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Add library' }));
    const again = screen.getByRole('dialog', { name: 'Add a library' });
    expect(within(again).getByText('The link is not valid.')).toBeTruthy();
    expect(within(again).getByText('Number must be at most 50')).toBeTruthy();
  });

  it('refuses a top-k out of 1 to 50 before sending, in the dialog and in the link editor', () => {
    api.links = [];
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Add library' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a library' });
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Library' }), { key: 'ArrowDown' });
    fireEvent.click(screen.getByRole('option', { name: /^Handbook/ }));
    const topK = within(dialog).getByRole('spinbutton', { name: 'Passages (top-k)' });
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    fireEvent.change(topK, { target: { value: '60' } });
    expect(within(dialog).getByText('Passages must be between 1 and 50')).toBeTruthy();
    expect(add.disabled).toBe(true);
    fireEvent.change(topK, { target: { value: '0' } });
    expect(within(dialog).getByText('Passages must be between 1 and 50')).toBeTruthy();
    fireEvent.change(topK, { target: { value: '2.5' } });
    expect(within(dialog).getByText(/whole number/)).toBeTruthy();
    fireEvent.change(topK, { target: { value: '' } });
    expect(within(dialog).getByText('Enter a number of passages')).toBeTruthy();
    fireEvent.submit(add.closest('form')!);
    expect(api.add).not.toHaveBeenCalled();
    fireEvent.change(topK, { target: { value: '50' } });
    expect(add.disabled).toBe(false);
    cleanup();

    api.links = [link([])];
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit the link to Handbook' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Passages (top-k)' }), { target: { value: '51' } });
    expect(screen.getByText('Passages must be between 1 and 50')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.update).not.toHaveBeenCalled();
  });

  it("changes a link's top-k: the PUT carries it with the filter kept", async () => {
    api.links = [link([{ field: 'fileName', operator: 'contains', value: 'policy' }])];
    api.update.mockResolvedValue({ data: link([]) });
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    expect(screen.getByText('Up to 5 passages per question')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the link to Handbook' }));
    const topK = screen.getByRole('spinbutton', { name: 'Passages (top-k)' }) as HTMLInputElement;
    expect(topK.value).toBe('5');
    fireEvent.change(topK, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![0]).toEqual({
      gptSystemId: '33333333-3333-4333-8333-333333333333',
      ragDataSourceId: '22222222-2222-4222-8222-222222222222',
      body: { topK: 20, filters: [{ field: 'fileName', operator: 'contains', value: 'policy' }] },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    expect(snackbar).toHaveBeenCalledWith('Link saved', { variant: 'success' });
  });

  it('tells there is no library to link, with a way to create one', () => {
    api.links = [];
    api.libraries = [];
    render(
      <MemoryRouter>
        <DataSourcesCard gptSystemId="agent" canEdit />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add library' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a library' });
    expect(within(dialog).getByText(/^No file libraries yet/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Create a library' }).getAttribute('href')).toBe('/admin/datasource/new');
    expect(within(dialog).queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
