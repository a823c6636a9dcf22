import type { ConversationListItem } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { mergePages, toRows } from './conversation-rows';

const item = (id: string, createdAt: string) => ({ conversationId: id, title: id, createdAt }) as ConversationListItem;
const now = new Date('2026-11-21T12:00:00Z');

describe('conversation pages and rows', () => {
  it('merges pages in order and drops an item repeated on a later page', () => {
    const pages = [
      { items: [item('a', '2026-11-21T10:00:00Z'), item('b', '2026-11-21T09:00:00Z')] },
      { items: [item('b', '2026-11-21T09:00:00Z'), item('c', '2026-11-20T09:00:00Z')] },
      { items: [] },
    ];
    expect(mergePages(pages).map((c) => c.conversationId)).toEqual(['a', 'b', 'c']);
  });

  it('adds a header row where the group changes', () => {
    const rows = toRows(
      [item('a', '2026-11-21T10:00:00Z'), item('b', '2026-11-21T09:00:00Z'), item('c', '2026-11-20T09:00:00Z'), item('d', '2024-01-01T00:00:00Z')],
      now,
      'UTC',
    );
    expect(rows.map((r) => (r.type === 'header' ? `#${r.group.kind}` : r.key))).toEqual(['#today', 'a', 'b', '#yesterday', 'c', '#year', 'd']);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});
