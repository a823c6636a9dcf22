import { describe, expect, it } from 'vitest';
import { checkRename, RenameMaxLength } from './conversation-title';

describe('inline rename', () => {
  it('saves a trimmed new title of at most 50 characters', () => {
    expect(RenameMaxLength).toBe(50);
    expect(checkRename('  New name ', 'Old')).toEqual({ ok: true, title: 'New name' });
    expect(checkRename('x'.repeat(50), 'Old')).toEqual({ ok: true, title: 'x'.repeat(50) });
  });

  it('refuses blank, unchanged and too long titles', () => {
    expect(checkRename('   ', 'Old')).toEqual({ ok: false, reason: 'empty' });
    expect(checkRename('Old ', 'Old')).toEqual({ ok: false, reason: 'unchanged' });
    expect(checkRename('x'.repeat(51), 'Old')).toEqual({ ok: false, reason: 'tooLong' });
  });
});
