// Reads the conversation's segment tree: the selected branch and each segment's siblings.
import type { Conversation, Segment } from '@atrium/contract';

export function selectedBranch(conversation: Conversation | undefined): Segment[] {
  if (!conversation) return [];
  const tree = conversation.conversationSegmentTree;
  const byId = new Map(tree.segments.map((s) => [s.conversationSegmentId, s]));
  return tree.segmentPath.map((id) => byId.get(id)).filter((s): s is Segment => s !== undefined);
}

/** The ids of the segment and its siblings (same parent, regenerations included), oldest first. */
export function siblingIds(conversation: Conversation, segment: Segment): string[] {
  const tree = conversation.conversationSegmentTree;
  const parentId = segment.lineage.parentSegmentId;
  if (parentId === null) return tree.childrenSegmentIds;
  return tree.segments.find((s) => s.conversationSegmentId === parentId)?.childrenSegmentIds ?? [segment.conversationSegmentId];
}

export function hasSegment(conversation: Conversation | undefined, segmentId: string | null): boolean {
  // one still being written (saved as it goes, or read back after a reload) is shown from the stream until it ends
  return (
    !!conversation &&
    !!segmentId &&
    conversation.conversationSegmentTree.segments.some((s) => s.conversationSegmentId === segmentId && s.status !== 'InProgress')
  );
}

/** The branch as plain text, for copying the conversation. */
export function branchAsText(title: string, branch: Segment[], you: string, agent: string): string {
  const turns = branch.map((s) => `${you}:\n${s.question}\n\n${agent}:\n${s.answer}`);
  return `${title}\n\n${turns.join('\n\n')}\n`;
}
