import type { FileLibrary, RagDataSource } from '@atrium/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import '../admin-agents-texts';
import { DataSourcesCard } from './data-sources-card';

const api = vi.hoisted(() => ({
  links: [] as unknown[],
  update: vi.fn(),
  remove: vi.fn(),
  state: { isLoading: false, error: undefined as unknown },
  libraries: [] as unknown[],
}));
vi.mock('../api/admin-agents.api', () => ({
  useListRagDataSourcesQuery: () => ({ data: { items: api.links, continuationToken: null }, error: undefined, refetch: vi.fn() }),
  useRemoveRagDataSourceMutation: () => [api.remove],
  useUpdateRagDataSourceMutation: () => [api.update, api.state],
}));
vi.mock('../../../components/agent-config/agent-libraries.api', () => ({
  useListAgentLibraryChoicesQuery: () => ({ data: { items: api.libraries, continuationToken: null } }),
}));
vi.mock('../../../app/hooks/use-resolved-actions', () => ({ useMayAct: () => true }));
vi.mock('notistack', () => ({ useSnackbar: () => ({ enqueueSnackbar: vi.fn() }) }));

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
const library = { dataSourceId: libraryId, name: 'Handbook', filterableFields: ['fileName', 'uploadedAt', 'metadata.year'] } as unknown as FileLibrary;

/** Picks an option of a MUI select by its label. */
function choose(group: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(group).getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe("the agent's data source links", () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    api.update.mockReset();
    api.state.error = undefined;
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
    expect(screen.queryByRole('button', { name: /Edit filter/ })).toBeNull();
    cleanup();
    api.links = [link([])];
    render(<DataSourcesCard gptSystemId="agent" canEdit={false} />);
    expect(screen.getByText("No filter: all of the library's files")).toBeTruthy();
  });

  it("edits the filter on the library's filterable fields, checks it before saving, and PUTs the whole filter", async () => {
    api.links = [link([{ field: 'fileName', operator: 'contains', value: 'policy' }])];
    api.update.mockResolvedValue({ data: link([]) });
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit filter of Handbook' }));
    const first = screen.getByRole('group', { name: 'Condition 1' });
    expect((within(first).getByRole('textbox', { name: 'Value' }) as HTMLInputElement).value).toBe('policy');

    fireEvent.click(screen.getByRole('button', { name: 'Add a condition' }));
    const second = screen.getByRole('group', { name: 'Condition 2' });
    choose(second, 'Field', 'Metadata: year');
    expect(within(second).getByText('Enter a value')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save filter' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(second).getByRole('textbox', { name: 'Value' }), { target: { value: '2026' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![0]).toEqual({
      gptSystemId: '33333333-3333-4333-8333-333333333333',
      ragDataSourceId: '22222222-2222-4222-8222-222222222222',
      body: {
        filters: [
          { field: 'fileName', operator: 'contains', value: 'policy' },
          { field: 'metadata.year', operator: 'eq', value: '2026' },
        ],
      },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save filter' })).toBeNull());
  });

  it('removes the filter with an empty list', async () => {
    api.links = [link([{ field: 'fileName', operator: 'contains', value: 'policy' }])];
    api.update.mockResolvedValue({ data: link([]) });
    render(<DataSourcesCard gptSystemId="agent" canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit filter of Handbook' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![0].body).toEqual({ filters: [] });
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
    fireEvent.click(screen.getByRole('button', { name: 'Edit filter of Handbook' }));
    const second = screen.getByRole('group', { name: 'Condition 2' });
    expect(within(second).getByText('metadata.year is not a filterable field of this library.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Condition 1' })).queryByText(/not a filterable field/)).toBeNull();
    expect(screen.getByText('The filter is not valid.')).toBeTruthy();
  });
});
