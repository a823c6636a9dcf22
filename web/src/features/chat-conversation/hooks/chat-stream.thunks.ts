// Runs one streamed answer (new conversation, follow-up, edit into a branch, regenerate) and feeds
// its updates to the chat slice. One stream at a time; Stop and switching conversation abort it.
import {
  ConversationRoutes,
  pathTo,
  UsageNoticeHeader,
  type FollowUpRequest,
  type NewConversationRequest,
  type RegenerateRequest,
  type SseEvent,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';
import { http } from '../../../app/api/http';
import { chatActions } from '../../../app/state/chat.slice';
import type { AppDispatch, RootState } from '../../../app/state/store';
import { toChatStreamUpdate } from '../../../lib/sse/chat-stream-updates';
import { streamSse } from '../../../lib/sse/sse-client';
import type { readAnswerBack, resumeChat } from './chat-resume';

/** docs/product.md §9: the list is refetched this long after an abort (the server is still saving the segment). */
export const RefetchAfterAbortMs = 1000;
/** How long after a new conversation's first answer the list is read again for its generated title. */
export const TitleRefetchMs = 5000;

export type AskRequest =
  | { kind: 'new'; gptSystemId: string; question: string; withUploads?: boolean }
  | { kind: 'followUp'; conversationId: string; question: string; parentSegmentId: string | null; withUploads?: boolean }
  | { kind: 'regenerate'; conversationId: string; segmentId: string; question: string; parentSegmentId: string | null };

/**
 * The running stream, with its conversation's and segment's ids once known (the first event names them), how many
 * events it read (`seen`: where a read back starts, chat-resume.ts) and whether it read the last one.
 */
export interface ActiveStream {
  id: number;
  controller: AbortController;
  conversationId: string | null;
  segmentId: string | null;
  seen: number;
  ended: boolean;
}
let active: ActiveStream | null = null;
let nextId = 0;
/** A stream of an answer read back (chat-resume.ts resumeChat), unless one runs; `done` when it ended. */
export const readBackStream = (conversationId: string, segmentId: string) => (active ? null : (active = { ...newStream(conversationId), segmentId }));
export const readBackDone = (stream: ActiveStream) => void (active?.id === stream.id && (active = null));
const newStream = (conversationId: string | null): ActiveStream => ({
  id: ++nextId,
  controller: new AbortController(),
  conversationId,
  segmentId: null,
  seen: 0,
  ended: false,
});

const sessionIdentifier = () => crypto.randomUUID();

/** The turn's request: its path and the contract's body for it. */
type TurnRequest = { url: string; body: NewConversationRequest } | { url: string; body: FollowUpRequest } | { url: string; body: RegenerateRequest };

function requestOf(ask: AskRequest, ids: { visionImageIds: string[]; attachmentIds: string[] }): TurnRequest {
  const common = { ...ids, segmentTraceLogLevel: 'NonPersisted' } satisfies RegenerateRequest;
  switch (ask.kind) {
    case 'new':
      return {
        url: pathTo(ConversationRoutes.byGptSystem, { gptSystemId: ask.gptSystemId }),
        body: { question: ask.question, ...common, session: { sessionIdentifier: sessionIdentifier() } },
      };
    case 'followUp':
      return {
        url: pathTo(ConversationRoutes.segments, { conversationId: ask.conversationId }),
        body: { question: ask.question, ...common, lineage: { parentSegmentId: ask.parentSegmentId, lineageType: 'Question' } },
      };
    case 'regenerate':
      return { url: pathTo(ConversationRoutes.regenerate, { conversationId: ask.conversationId, segmentId: ask.segmentId }), body: common };
  }
}

/** After a turn: the conversation itself, and the sidebar lists' first pages (chat state conversationListVersion). */
export const refetchConversations = (dispatch: AppDispatch, conversationId: string | null) => {
  if (conversationId) dispatch(baseApi.util.invalidateTags([{ type: 'Conversation', id: conversationId }]));
  dispatch(chatActions.conversationListStale());
};

/** Stops the running answer; the list refetches a second later (docs/product.md §4). */
export const abortChatStream = () => (dispatch: AppDispatch) => {
  if (!active) return;
  const { conversationId, segmentId } = active;
  active.controller.abort();
  // the answer goes on for a while after its client left (to be read back): the stop call ends it now, wherever it streams
  if (conversationId && segmentId) void http().request({ url: pathTo(ConversationRoutes.stopSegment, { conversationId, segmentId }), method: 'POST' });
  active = null;
  dispatch(chatActions.streamAborted());
  setTimeout(() => refetchConversations(dispatch, conversationId), RefetchAfterAbortMs);
};

/** Streams the answer; resolves with its conversation id once it ended or was stopped (null when another conversation was opened). */
export const askChat =
  (ask: AskRequest) =>
  async (dispatch: AppDispatch, getState: () => RootState): Promise<string | null> => {
    if (active) dispatch(abortChatStream());
    const stream = newStream(ask.kind === 'new' ? null : ask.conversationId);
    const { id, controller } = stream;
    active = stream;
    // the images and files added in the input go with a newly typed question, then leave the input
    const uploads = ask.kind !== 'regenerate' && ask.withUploads ? getState().chat.promptUploads.filter((u) => u.status === 'ready') : [];
    const visionImages = uploads.flatMap((u) => (u.visionImage ? [u.visionImage] : []));
    const attachments = uploads.flatMap((u) => (u.attachment ? [u.attachment] : []));
    if (uploads.length > 0) dispatch(chatActions.promptUploadsCleared());
    dispatch(
      chatActions.streamStarted({
        streamId: id,
        question: ask.question,
        parentSegmentId: ask.kind === 'new' ? null : ask.parentSegmentId,
        regeneratesSegmentId: ask.kind === 'regenerate' ? ask.segmentId : null,
        createdAt: new Date().toISOString(),
        visionImages,
        attachments,
      }),
    );
    const { url, body } = requestOf(ask, { visionImageIds: visionImages.map((i) => i.visionImageId), attachmentIds: attachments.map((a) => a.attachmentId) });
    const onEvent = eventsOf(dispatch, stream);
    let outcome = await streamSse(http(), {
      url,
      body,
      signal: controller.signal,
      // a turn near a usage limit carries its threshold message (utils/usage-notices.ts, loaded only then)
      onResponse: (response) => {
        if (response.headers.has(UsageNoticeHeader)) void import('../utils/usage-notices').then((m) => m.showUsageNotice(response));
      },
      onEvent,
    });
    // the connection was lost mid-answer (a network drop): the rest is read back, from any server process
    const lost = outcome.kind === 'failed' ? outcome.error.status === 'STREAM_ERROR' : outcome.kind === 'ended' && !stream.ended;
    if (lost && stream.segmentId) outcome = await (await readingBack()).readAnswerBack(stream, onEvent);
    if (active?.id === id) active = null;
    if (outcome.kind === 'failed') {
      // docs/product.md §8: failures starting a conversation or segment are only logged.
      console.error('Chat request failed', outcome.error);
      // a usage limit reached: the limit's message shows in place of the answer
      // (a refusal needs the module only when the server answered; a dropped network answers no limit)
      const { error } = outcome;
      const refusal = await import('../utils/usage-notices').then((m) => m.usageLimitRefusal(error)).catch(() => null);
      dispatch(chatActions.streamEnded({ streamId: id, errors: [refusal ?? { code: 'RequestFailed', message: '' }] }));
    } else if (outcome.kind === 'ended') {
      dispatch(chatActions.streamEnded({ streamId: id }));
    }
    // after an abort abortChatStream refetches a second later
    if (outcome.kind !== 'aborted') refetchConversations(dispatch, stream.conversationId);
    // a new conversation makes its agent the most recently used one (the Agents tab's Recent list)
    if (ask.kind === 'new') dispatch(baseApi.util.invalidateTags([{ type: 'Agent', id: 'recent' }]));
    // a new conversation's title is made by a job after its answer (docs/jobs.md): the list is read again once it is likely there
    // (the sidebar's lists only: reading the conversation again would replace the answer on screen with the stored one,
    // which has no code output, a few seconds after it ended)
    if (ask.kind === 'new' && outcome.kind === 'ended') setTimeout(() => refetchConversations(dispatch, null), TitleRefetchMs);
    const chat = getState().chat;
    return chat.streamId === id && !chat.conversationChanged ? chat.currentConversationId : null;
  };

/**
 * The read back (chat-resume.ts), loaded when an answer starts: when its connection drops, the network may be away and
 * the module could not be fetched then. One that failed to load is fetched again next time.
 */
let readBack: Promise<{ readAnswerBack: typeof readAnswerBack; resumeChat: typeof resumeChat }> | null = null;
export const readingBack = () => (readBack ??= import('./chat-resume').catch((e: unknown) => ((readBack = null), Promise.reject(e))));

/** Feeds a stream's events to the chat slice, counting them and keeping its ids. */
export const eventsOf = (dispatch: AppDispatch, stream: ActiveStream) => (event: SseEvent) => {
  // a read back numbers its events; the first request's are counted
  stream.seen = event.id ? Number(event.id) : stream.seen + 1;
  if (event.event === 'no-more-data') stream.ended = true;
  const update = toChatStreamUpdate(event);
  if (!update) return;
  if (update.type === 'ids') {
    stream.conversationId = update.conversationId;
    stream.segmentId = update.segmentId;
    void readingBack().catch(() => undefined);
  }
  if (update.type === 'sessionTokens') for (const token of update.tokens) http().sessionHeaders.set(token.Name, token.Value);
  if (update.type === 'error') console.error('Chat stream error', event.event, update.text);
  dispatch(chatActions.streamUpdated({ streamId: stream.id, update }));
};
