// Runs one streamed answer (new conversation, follow-up, edit into a branch, regenerate) and feeds
// its updates to the chat slice. One stream at a time; Stop and switching conversation abort it.
import { ConversationRoutes, pathTo, type FollowUpRequest, type NewConversationRequest, type RegenerateRequest } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';
import { http } from '../../../app/api/http';
import { chatActions } from '../../../app/state/chat.slice';
import type { AppDispatch, RootState } from '../../../app/state/store';
import { toChatStreamUpdate } from '../../../lib/sse/chat-stream-updates';
import { streamSse } from '../../../lib/sse/sse-client';
import { showUsageNotice, usageLimitRefusal } from '../utils/usage-notices';

/** docs/product.md §9: the list is refetched this long after an abort (the server is still saving the segment). */
export const RefetchAfterAbortMs = 1000;
/** How long after a new conversation's first answer the list is read again for its generated title. */
export const TitleRefetchMs = 5000;

export type AskRequest =
  | { kind: 'new'; gptSystemId: string; question: string; withUploads?: boolean }
  | { kind: 'followUp'; conversationId: string; question: string; parentSegmentId: string | null; withUploads?: boolean }
  | { kind: 'regenerate'; conversationId: string; segmentId: string; question: string; parentSegmentId: string | null };

/** The running stream, with its conversation's id once known (the first event names a new one). */
let active: { id: number; controller: AbortController; conversationId: string | null } | null = null;
let nextId = 0;

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
const refetchConversations = (dispatch: AppDispatch, conversationId: string | null) => {
  if (conversationId) dispatch(baseApi.util.invalidateTags([{ type: 'Conversation', id: conversationId }]));
  dispatch(chatActions.conversationListStale());
};

/** Stops the running answer; the list refetches a second later (docs/product.md §4). */
export const abortChatStream = () => (dispatch: AppDispatch) => {
  if (!active) return;
  const { conversationId } = active;
  active.controller.abort();
  active = null;
  dispatch(chatActions.streamAborted());
  setTimeout(() => refetchConversations(dispatch, conversationId), RefetchAfterAbortMs);
};

/** Streams the answer; resolves with its conversation id once it ended or was stopped (null when another conversation was opened). */
export const askChat =
  (ask: AskRequest) =>
  async (dispatch: AppDispatch, getState: () => RootState): Promise<string | null> => {
    if (active) dispatch(abortChatStream());
    const id = ++nextId;
    const controller = new AbortController();
    const stream = { id, controller, conversationId: ask.kind === 'new' ? null : ask.conversationId };
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
    const outcome = await streamSse(http(), {
      url,
      body,
      signal: controller.signal,
      onResponse: showUsageNotice,
      onEvent: (event) => {
        const update = toChatStreamUpdate(event);
        if (!update) return;
        if (update.type === 'ids') stream.conversationId = update.conversationId;
        if (update.type === 'sessionTokens') for (const token of update.tokens) http().sessionHeaders.set(token.Name, token.Value);
        if (update.type === 'error') console.error('Chat stream error', event.event, update.text);
        dispatch(chatActions.streamUpdated({ streamId: id, update }));
      },
    });
    if (active?.id === id) active = null;
    if (outcome.kind === 'failed') {
      // docs/product.md §8: failures starting a conversation or segment are only logged.
      console.error('Chat request failed', outcome.error);
      // a usage limit reached: the limit's message shows in place of the answer
      dispatch(chatActions.streamEnded({ streamId: id, errors: [usageLimitRefusal(outcome.error) ?? { code: 'RequestFailed', message: '' }] }));
    } else if (outcome.kind === 'ended') {
      dispatch(chatActions.streamEnded({ streamId: id }));
    }
    // after an abort abortChatStream refetches a second later
    if (outcome.kind !== 'aborted') refetchConversations(dispatch, stream.conversationId);
    // a new conversation makes its agent the most recently used one (the Agents tab's Recent list)
    if (ask.kind === 'new') dispatch(baseApi.util.invalidateTags([{ type: 'Agent', id: 'recent' }]));
    // a new conversation's title is made by a job after its answer (docs/jobs.md): the list is read again once it is likely there
    if (ask.kind === 'new' && outcome.kind === 'ended') setTimeout(() => refetchConversations(dispatch, stream.conversationId), TitleRefetchMs);
    const chat = getState().chat;
    return chat.streamId === id && !chat.conversationChanged ? chat.currentConversationId : null;
  };
