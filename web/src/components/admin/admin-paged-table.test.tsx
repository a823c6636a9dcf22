import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AdminPagedTable, type AdminColumn } from './admin-paged-table';
import { useContinuationPaging } from './use-continuation-paging';

vi.mock('../../app/i18n/i18n', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useTranslation: () => ({ t: (k: string, o?: Record<string, unknown>) => (o?.page ? `${k}:${String(o.page)}` : k) }),
}));

interface Row {
  id: string;
  name: string;
}
const columns: AdminColumn<Row>[] = [{ key: 'name', header: 'Name', render: (r) => r.name }];

describe('AdminPagedTable', () => {
  it('shows the rows, and the empty text when there are none', () => {
    const view = render(<AdminPagedTable label="People" columns={columns} rows={[{ id: '1', name: 'Ada' }]} getRowId={(r) => r.id} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByRole('table', { name: 'People' })).toBeTruthy();
    expect(screen.getByText('Ada')).toBeTruthy();
    view.rerender(<AdminPagedTable label="People" columns={columns} rows={[]} getRowId={(r) => r.id} emptyText="No people" />);
    expect(screen.getByText('No people')).toBeTruthy();
  });

  it('pages with previous/next and expands a row to its details', () => {
    const onNext = vi.fn();
    render(
      <AdminPagedTable
        label="People"
        columns={columns}
        rows={[{ id: '1', name: 'Ada' }]}
        getRowId={(r) => r.id}
        renderExpanded={(r) => <span>details of {r.name}</span>}
        paging={{ page: 1, hasPrevious: false, hasNext: true, onPrevious: () => undefined, onNext }}
      />,
      { wrapper: MemoryRouter },
    );
    expect((screen.getByRole('button', { name: 'adminUi.previousPage' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'adminUi.nextPage' }));
    expect(onNext).toHaveBeenCalledOnce();
    expect(screen.queryByText('details of Ada')).toBeNull();
    fireEvent.click(screen.getByText('Ada'));
    expect(screen.getByText('details of Ada')).toBeTruthy();
  });
});

describe('useContinuationPaging', () => {
  it('remembers the tokens of earlier pages and restarts when the filter changes', () => {
    const hook = renderHook(({ filter }) => useContinuationPaging(filter), { initialProps: { filter: 'a' } });
    expect(hook.result.current).toMatchObject({ token: undefined, page: 1, hasPrevious: false });
    act(() => hook.result.current.next('t2'));
    act(() => hook.result.current.next('t3'));
    expect(hook.result.current).toMatchObject({ token: 't3', page: 3, hasPrevious: true });
    act(() => hook.result.current.previous());
    expect(hook.result.current).toMatchObject({ token: 't2', page: 2 });
    hook.rerender({ filter: 'b' });
    expect(hook.result.current).toMatchObject({ token: undefined, page: 1, hasPrevious: false });
  });
});
