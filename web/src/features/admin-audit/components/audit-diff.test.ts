import { describe, expect, it } from 'vitest';
import { changedFields, showValue } from './audit-diff';

describe('changedFields', () => {
  it('lists the fields that differ, added and removed ones included, without updatedAt', () => {
    expect(
      changedFields(
        { name: 'A', actions: ['x'], same: 1, updatedAt: '1', gone: true },
        { name: 'B', actions: ['x', 'y'], same: 1, updatedAt: '2', added: 'z' },
      ),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'actions', before: ['x'], after: ['x', 'y'] },
      { field: 'gone', before: true, after: undefined },
      { field: 'added', before: undefined, after: 'z' },
    ]);
  });

  it('treats a missing side (created, deleted) as empty', () => {
    expect(changedFields(undefined, { name: 'New' })).toEqual([{ field: 'name', before: undefined, after: 'New' }]);
    expect(showValue(undefined)).toBe('—');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
  });
});
