// Turns rows into the shapes clients read (docs/wire-protocol.md "Shapes that clients read").
import type { Conversation, ConversationListItem, Segment, SegmentStatus } from '@atrium/contract';
import type { ConversationRow, SegmentRow } from '../../db/schema/index.js';
import { bareUploadIndex, type UploadIndex } from '../uploads/uploads.turns.js';

export interface AgentSummary {
  gptSystemId: string;
  name: string;
  gptSystemType: string;
  isPublic: boolean;
}

/** What the owner may do with a conversation; the web client shows its menu from this. */
export const OwnerConversationActions = ['Read', 'Rename', 'Archive', 'Delete', 'Export', 'Feedback'] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentListItem(row: ConversationRow, agent: AgentSummary | null): ConversationListItem {
  return {
    conversationId: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    lastModifiedAt: row.lastModifiedAt.toISOString(),
    conversationStatus: row.deletedAt ? 'Deleted' : 'InProgress',
    gptSystem: agent,
    gptSystemId: row.gptSystemId,
    moderationStatus: 'None',
    isShareable: false,
    isHidden: false,
    currentUserActions: row.deletedAt ? ['Read'] : [...OwnerConversationActions],
    archived: row.archived,
    isDeleted: row.deletedAt !== null,
  };
}

/** Children (oldest first) and regenerations of every segment of one conversation. */
export function segmentIndex(segments: readonly Pick<SegmentRow, 'id' | 'parentSegmentId' | 'regeneratedFromSegmentId'>[]) {
  const children = new Map<string | null, string[]>();
  const regenerated = new Map<string, string[]>();
  for (const s of segments) {
    const list = children.get(s.parentSegmentId) ?? [];
    list.push(s.id);
    children.set(s.parentSegmentId, list);
    if (s.regeneratedFromSegmentId) {
      const r = regenerated.get(s.regeneratedFromSegmentId) ?? [];
      r.push(s.id);
      regenerated.set(s.regeneratedFromSegmentId, r);
    }
  }
  return { children, regenerated };
}

export function presentSegment(row: SegmentRow, index: ReturnType<typeof segmentIndex>, uploads: UploadIndex = bareUploadIndex): Segment {
  return {
    conversationSegmentId: row.id,
    lineage: { parentSegmentId: row.parentSegmentId, lineageType: row.regeneratedFromSegmentId ? 'Regenerate' : 'Question' },
    childrenSegmentIds: index.children.get(row.id) ?? [],
    regeneratedSegmentIds: index.regenerated.get(row.id) ?? [],
    question: row.question,
    answer: row.answer,
    status: row.status as SegmentStatus,
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
    answeredWithModel: row.answeredWithModel ?? null,
    feedback: row.feedback ?? null,
    citations: row.citations,
    visionImages: uploads.images(row.visionImageIds),
    attachments: uploads.attachments(row.attachmentIds),
    executionLogs: row.executionLogs,
    ...(row.codeInterpreterOutput ? { codeInterpreterOutput: row.codeInterpreterOutput } : {}),
  };
}

/**
 * The selected branch, root first. The selected segment need not be a leaf: the path goes on
 * through each segment's newest child, so it always ends at a leaf.
 */
export function selectedPath(
  segments: readonly Pick<SegmentRow, 'id' | 'parentSegmentId'>[],
  selected: string | null,
  index: ReturnType<typeof segmentIndex>,
): string[] {
  const byId = new Map(segments.map((s) => [s.id, s]));
  let start = selected && byId.has(selected) ? selected : null;
  if (!start) {
    const roots = index.children.get(null) ?? [];
    start = roots[roots.length - 1] ?? null;
  }
  if (!start) return [];
  const up: string[] = [];
  const seen = new Set<string>();
  for (let id: string | null = start; id !== null && !seen.has(id); id = byId.get(id)?.parentSegmentId ?? null) {
    seen.add(id);
    up.push(id);
  }
  const path = up.reverse();
  for (let kids = index.children.get(start); kids && kids.length > 0;) {
    const next = kids[kids.length - 1]!;
    if (seen.has(next)) break;
    seen.add(next);
    path.push(next);
    kids = index.children.get(next);
  }
  return path;
}

export function presentConversation(
  row: ConversationRow,
  agent: AgentSummary | null,
  segments: readonly SegmentRow[],
  uploads: UploadIndex = bareUploadIndex,
): Conversation {
  const index = segmentIndex(segments);
  return {
    ...presentListItem(row, agent),
    session: { sessionIdentifier: row.sessionIdentifier },
    isTemporary: row.isTemporary,
    selectedLeafSegmentId: row.selectedLeafSegmentId,
    conversationSegmentTree: {
      segmentPath: selectedPath(segments, row.selectedLeafSegmentId, index),
      childrenSegmentIds: index.children.get(null) ?? [],
      segments: segments.map((s) => presentSegment(s, index, uploads)),
    },
  };
}
