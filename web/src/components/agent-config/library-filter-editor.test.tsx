import { MaxLibraryFilters } from '@atrium/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../app/i18n/i18n';
import { LibraryFilterEditor } from './library-filter-editor';
import { filterableFieldsOf, wireFilter, type FilterDraft } from './library-filter-values';

/** The last value the editor handed up. */
const seen = { value: [] as FilterDraft[] };

/** The editor with its drafts in state, as the data sources block holds them. */
function Harness({ fields, initial }: { fields: string[]; initial: FilterDraft[] }) {
  const [value, setValue] = useState(initial);
  const change = (next: FilterDraft[]) => {
    seen.value = next;
    setValue(next);
  };
  return (
    <LibraryFilterEditor id="lib" fields={fields} value={value} onChange={change} problems={(i) => (value[i]?.value === '' ? 'Enter a value' : undefined)} />
  );
}

/** Picks an option of a MUI select by its label. */
function choose(group: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(group).getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe("a library's filter in the agent editors", () => {
  beforeAll(() => initI18n());
  afterEach(cleanup);

  it("adds conditions on the library's fields with the operators their type takes, and removes them", () => {
    render(<Harness fields={['fileName', 'page', 'uploadedAt']} initial={[]} />);
    expect(screen.getByText('No filter: the agent searches all of its files.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition' }));
    expect(seen.value).toEqual([{ field: 'fileName', operator: 'eq', value: '' }]);
    const first = screen.getByRole('group', { name: 'Condition 1' });
    expect(within(first).getByText('Enter a value')).toBeTruthy();

    // a number field: its operators, a number input
    choose(first, 'Field', 'Page');
    fireEvent.mouseDown(within(first).getByRole('combobox', { name: 'Condition' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'is',
      'is not',
      'after / above',
      'from / at least',
      'before / below',
      'until / at most',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'until / at most' }));
    fireEvent.change(within(first).getByRole('spinbutton', { name: 'Value' }), { target: { value: '3' } });
    expect(seen.value).toEqual([{ field: 'page', operator: 'lte', value: '3' }]);

    // a list, which keeps its first value when the condition takes one value
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition' }));
    const second = screen.getByRole('group', { name: 'Condition 2' });
    choose(second, 'Condition', 'is one of');
    fireEvent.change(within(second).getByRole('textbox', { name: 'Value' }), { target: { value: 'a.pdf, b.pdf' } });
    expect(within(second).getByText('Values, separated by commas')).toBeTruthy();
    choose(second, 'Condition', 'contains');
    expect(seen.value[1]).toEqual({ field: 'fileName', operator: 'contains', value: 'a.pdf' });
    expect(screen.getByText('The agent finds passages only in the files that meet every condition.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(seen.value).toEqual([{ field: 'fileName', operator: 'contains', value: 'a.pdf' }]);
  });

  it('keeps a saved condition on a field the library no longer offers, and stops at the most conditions a filter holds', () => {
    const full = Array.from({ length: MaxLibraryFilters }, (): FilterDraft => ({ field: 'sizeBytes', operator: 'gt', value: '10' }));
    render(<Harness fields={['fileName']} initial={full} />);
    const first = screen.getByRole('group', { name: 'Condition 1' });
    expect(within(first).getByRole('combobox', { name: 'Field' }).textContent).toBe('Size (bytes)');
    expect((screen.getByRole('button', { name: 'Add a condition' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(`At most ${MaxLibraryFilters} conditions`)).toBeTruthy();
  });

  it('says when the library lets no field be filtered on', () => {
    render(<Harness fields={[]} initial={[]} />);
    expect(screen.getByText('No field of this library can be filtered on: its text index settings choose them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a condition' })).toBeNull();
  });

  it('offers the metadata keys the library lists as text fields, after the built-in ones', () => {
    const fields = filterableFieldsOf(['metadata.audience', 'fileName', 'metadata.1bad', 'unknown']);
    expect(fields).toEqual(['fileName', 'metadata.audience']);
    render(<Harness fields={fields} initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition' }));
    const first = screen.getByRole('group', { name: 'Condition 1' });
    choose(first, 'Field', 'Metadata: audience');
    expect(seen.value).toEqual([{ field: 'metadata.audience', operator: 'eq', value: '' }]);
    // the operators of text
    fireEvent.mouseDown(within(first).getByRole('combobox', { name: 'Condition' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('starts with');
    fireEvent.click(screen.getByRole('option', { name: 'is one of' }));
    fireEvent.change(within(first).getByRole('textbox', { name: 'Value' }), { target: { value: 'staff, 2026' } });
    // a metadata value stays text, even one that looks like a number
    expect(wireFilter(seen.value[0]!)).toEqual({ field: 'metadata.audience', operator: 'in', value: ['staff', '2026'] });
  });
});
