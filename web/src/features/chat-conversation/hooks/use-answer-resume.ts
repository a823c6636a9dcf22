// A conversation opened while its last answer is still being written (a reload during the answer, another tab):
// the answer is read back and shown as it streams (chat-resume.ts resumeChat, loaded then), once per answer.
import type { Segment } from '@atrium/contract';
import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/state/hooks';
import { readingBack } from './chat-stream.thunks';

const tried = new Set<string>();

/** `idle`: no answer streams in this tab now. */
export function useAnswerResume(conversationId: string | null, branch: Segment[], idle: boolean) {
  const dispatch = useAppDispatch();
  const leaf = branch.at(-1);
  const writing = leaf?.status === 'InProgress' ? leaf : null;
  useEffect(() => {
    if (!conversationId || !writing || !idle || tried.has(writing.conversationSegmentId)) return;
    tried.add(writing.conversationSegmentId);
    readingBack().then(
      (m) => dispatch(m.resumeChat(conversationId, writing)),
      () => undefined,
    );
  }, [conversationId, writing, idle, dispatch]);
}
