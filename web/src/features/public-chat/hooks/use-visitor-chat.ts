// Asks the endpoint's agent as a visitor: the first question creates the conversation (POST
// /public-conversations/{endpointName}), the next ones continue it (…/{conversationId}/segments), both streamed
// through the app's SSE client with the visitor's session identifier. A refusal (a limit's 429, a question too
// long) is shown with the server's own words. open() reopens one of the visitor's conversations (GET
// /public-conversations/{id}, its selected branch); feedback() and exportText() are the answer's thumbs and the
// conversation's text file, each sent with the session identifier that owns the conversation.
import {
  PublicConversationRoutes,
  VisitorSessionHeader,
  conversationExportFileName,
  pathTo,
  type Conversation,
  type FeedbackType,
  type FollowUpRequest,
  type PublicNewConversationRequest,
} from '@atrium/contract';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { http } from '../../../app/api/http';
import { errorBodyOf, type DownloadResult } from '../../../lib/http/http.types';
import { toChatStreamUpdate } from '../../../lib/sse/chat-stream-updates';
import { streamSse } from '../../../lib/sse/sse-client';
import { emptyVisitorChat, visitorChatReducer } from './visitor-chat.reducer';

export function useVisitorChat(endpointName: string, sessionIdentifier: string) {
  const [state, dispatch] = useReducer(visitorChatReducer, emptyVisitorChat);
  const running = useRef<AbortController | null>(null);
  /** the conversation being opened (its GET in flight), and whether the last one could not be */
  const [opening, setOpening] = useState<string | null>(null);
  const [openFailed, setOpenFailed] = useState(false);
  const openCount = useRef(0);
  // what ask() reads of the conversation (its id, the last answer to continue from), as last drawn
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  const stop = useCallback(() => {
    if (!running.current) return;
    running.current.abort();
    running.current = null;
    dispatch({ type: 'stopped' });
  }, []);

  const ask = useCallback(
    /**
     * guidelinesConsent: the visitor agreed to the agent's guidelines (a first question, where the endpoint asks it);
     * botCheckToken: the bot check widget's token (a first question, where details.botCheck asks one);
     * visionImageIds: the visitor's images uploaded for this question (where details.acceptsImages)
     */
    async (question: string, options: { guidelinesConsent?: boolean; botCheckToken?: string | null; visionImageIds?: string[] } = {}) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      openCount.current += 1;
      setOpening(null);
      const { conversationId, turns } = latest.current;
      const session = { sessionIdentifier };
      const parentSegmentId = turns.findLast((t) => t.segmentId)?.segmentId ?? null;
      const visionImageIds = options.visionImageIds ?? [];
      const request: { url: string; body: PublicNewConversationRequest | FollowUpRequest } = conversationId
        ? {
            url: pathTo(PublicConversationRoutes.segments, { conversationId }),
            body: { question, session, lineage: { parentSegmentId, lineageType: 'Question' }, visionImageIds, attachmentIds: [] },
          }
        : {
            url: pathTo(PublicConversationRoutes.create, { endpointName }),
            body: {
              question,
              session,
              visionImageIds,
              attachmentIds: [],
              ...(options.guidelinesConsent ? { guidelinesConsent: true } : {}),
              ...(options.botCheckToken ? { botCheckToken: options.botCheckToken } : {}),
            },
          };
      dispatch({ type: 'asked', question, createdAt: new Date().toISOString() });
      const outcome = await streamSse(http(), {
        ...request,
        headers: { [VisitorSessionHeader]: sessionIdentifier },
        signal: controller.signal,
        onEvent: (event) => {
          const update = toChatStreamUpdate(event);
          if (update && update.type !== 'sessionTokens') dispatch({ type: 'updated', update });
        },
      });
      if (running.current === controller) running.current = null;
      if (outcome.kind === 'failed')
        dispatch({ type: 'failed', message: (outcome.error.status === 'STREAM_ERROR' ? null : errorBodyOf(outcome.error)?.message) ?? null });
      else if (outcome.kind === 'ended') dispatch({ type: 'ended' });
    },
    [endpointName, sessionIdentifier],
  );

  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    openCount.current += 1;
    setOpening(null);
    setOpenFailed(false);
    dispatch({ type: 'reset' });
  }, []);

  /** Reopens one of the visitor's conversations: its selected branch, as saved. Resolves to whether it could. */
  const open = useCallback(
    async (conversationId: string): Promise<boolean> => {
      running.current?.abort();
      running.current = null;
      const mine = ++openCount.current;
      setOpening(conversationId);
      setOpenFailed(false);
      dispatch({ type: 'reset' });
      const result = await http().request<Conversation>({
        url: pathTo(PublicConversationRoutes.conversation, { conversationId }),
        headers: { [VisitorSessionHeader]: sessionIdentifier },
      });
      // a later open, a new conversation or a question sent meanwhile wins
      if (mine !== openCount.current) return false;
      setOpening(null);
      if (result.error) {
        setOpenFailed(true);
        return false;
      }
      dispatch({ type: 'opened', conversation: result.data });
      return true;
    },
    [sessionIdentifier],
  );

  /** Thumbs up or down on an answer with an optional comment; null takes the visitor's feedback back. */
  const feedback = useCallback(
    async (segmentId: string, feedbackType: FeedbackType, comment: string | null): Promise<boolean> => {
      const conversationId = latest.current.conversationId;
      if (!conversationId) return false;
      const args = { conversationId, segmentId };
      const result =
        comment === null
          ? await http().request({
              url: pathTo(PublicConversationRoutes.removeFeedback, args),
              method: 'DELETE',
              headers: { [VisitorSessionHeader]: sessionIdentifier },
            })
          : await http().request({
              url: pathTo(PublicConversationRoutes.feedback, args),
              method: 'POST',
              body: comment ? { feedbackType, comment } : { feedbackType },
              headers: { [VisitorSessionHeader]: sessionIdentifier },
            });
      if (result.error) return false;
      dispatch({ type: 'feedbackSet', segmentId, feedback: comment === null ? null : feedbackType });
      return true;
    },
    [sessionIdentifier],
  );

  /** Downloads the conversation as a text file (the server's export, under its file name). */
  const exportText = useCallback(
    async (title: string): Promise<boolean> => {
      const conversationId = latest.current.conversationId;
      if (!conversationId) return false;
      const result = await http().request<DownloadResult>({
        url: pathTo(PublicConversationRoutes.exportText, { conversationId }),
        headers: { [VisitorSessionHeader]: sessionIdentifier },
        responseKind: 'download',
      });
      if (result.error) return false;
      const url = URL.createObjectURL(result.data.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = result.data.fileName ?? conversationExportFileName(title);
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return true;
    },
    [sessionIdentifier],
  );

  // leaving the page ends a running answer
  useEffect(() => () => running.current?.abort(), []);

  return { ...state, streaming: state.turns.at(-1)?.status === 'streaming', opening, openFailed, ask, stop, reset, open, feedback, exportText };
}
