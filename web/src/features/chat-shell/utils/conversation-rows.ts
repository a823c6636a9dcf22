// Turns the loaded pages of a conversation list into the virtual list's rows: pages merged in order
// without duplicates (an item moves to a later page when another is touched while paging), with a
// header row wherever the group changes.
import type { ConversationListItem } from '@atrium/contract';
import { groupKey, groupOf, type ConversationGroup } from './conversation-groups';

export type ConversationRow =
  { type: 'header'; key: string; group: ConversationGroup } | { type: 'conversation'; key: string; conversation: ConversationListItem };

export function mergePages(pages: readonly { items: readonly ConversationListItem[] }[]): ConversationListItem[] {
  const seen = new Set<string>();
  const merged: ConversationListItem[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.conversationId)) continue;
      seen.add(item.conversationId);
      merged.push(item);
    }
  }
  return merged;
}

export function toRows(items: readonly ConversationListItem[], now: Date, timeZone: string): ConversationRow[] {
  const rows: ConversationRow[] = [];
  let previous: string | null = null;
  for (const conversation of items) {
    const group = groupOf(conversation.createdAt, now, timeZone);
    const key = groupKey(group);
    if (key !== previous) {
      rows.push({ type: 'header', key: `header-${key}-${conversation.conversationId}`, group });
      previous = key;
    }
    rows.push({ type: 'conversation', key: conversation.conversationId, conversation });
  }
  return rows;
}
