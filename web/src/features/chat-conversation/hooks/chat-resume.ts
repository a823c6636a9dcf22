// Reads an answer back after its connection was lost (a network drop, a reload during the answer): the server keeps
// every answer's events for a few minutes, numbered, on whichever process streams it (docs/architecture.md "Resumable
// answers"). Loaded only when needed, so that the chat page's bundle stays as it was.
import { ConversationRoutes, pathTo, type Segment, type SseEvent } from '@atrium/contract';
import { http } from '../../../app/api/http';
import { chatActions } from '../../../app/state/chat.slice';
import type { AppDispatch } from '../../../app/state/store';
import { streamSse, type SseOutcome } from '../../../lib/sse/sse-client';
import { eventsOf, readBackDone, readBackStream, refetchConversations, type ActiveStream } from './chat-stream.thunks';

/** Waits before each attempt: the server keeps an answer going 20 s after its client left, and longer while it is read. */
export const ReadBackWaitsMs = [0, 1000, 2000, 4000, 8000, 8000, 8000];

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * The stream's events after the `seen` it read, until the answer ends; tries again while the network is away. Fails
 * at once when the server does not keep the answer (404: the conversation has what it saved).
 */
export async function readAnswerBack(stream: ActiveStream, onEvent: (event: SseEvent) => void): Promise<SseOutcome> {
  const { signal } = stream.controller;
  let outcome: SseOutcome = { kind: 'aborted' };
  for (const wait of ReadBackWaitsMs) {
    await pause(wait, signal);
    if (signal.aborted) return { kind: 'aborted' };
    outcome = await streamSse(http(), {
      url: pathTo(ConversationRoutes.segmentStream, { conversationId: stream.conversationId!, segmentId: stream.segmentId! }),
      headers: { 'last-event-id': String(stream.seen) },
      signal,
      onEvent,
    });
    if (outcome.kind === 'aborted' || stream.ended) return outcome;
    if (outcome.kind === 'failed' && typeof outcome.error.status === 'number' && outcome.error.status < 500) return outcome;
  }
  return outcome;
}

/**
 * An answer still being written when the conversation opened (a reload during it): shown as it streams, read back from
 * its first event. One that is no longer kept stays as the conversation has it.
 */
export const resumeChat = (conversationId: string, segment: Segment) => async (dispatch: AppDispatch) => {
  const stream = readBackStream(conversationId, segment.conversationSegmentId);
  if (!stream) return;
  dispatch(
    chatActions.streamStarted({
      streamId: stream.id,
      question: segment.question,
      parentSegmentId: segment.lineage.parentSegmentId,
      createdAt: segment.createdAt,
      visionImages: segment.visionImages,
      attachments: segment.attachments,
    }),
  );
  const outcome = await readAnswerBack(stream, eventsOf(dispatch, stream));
  readBackDone(stream);
  if (outcome.kind === 'aborted') return;
  if (outcome.kind === 'failed') dispatch(chatActions.streamReset());
  else dispatch(chatActions.streamEnded({ streamId: stream.id }));
  refetchConversations(dispatch, conversationId);
};
