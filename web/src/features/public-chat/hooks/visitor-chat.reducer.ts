// A visitor's conversation on the page: its turns as they stream (the same stream updates as the signed-in chat,
// lib/sse/chat-stream-updates.ts), or as a reopened conversation's selected branch reads (GET
// /public-conversations/{id}), and the feedback the visitor gave its answers.
import type { Citation, Conversation, FeedbackType, Segment } from '@atrium/contract';
import type { ChatStreamUpdate } from '../../../lib/sse/chat-stream-updates';

export interface VisitorTurn {
  question: string;
  createdAt: string;
  segmentId: string | null;
  answer: string;
  citations: Citation[];
  statusText: string;
  status: 'streaming' | 'done' | 'stopped' | 'failed';
  /** what the server said went wrong (a limit's message as it words it); null for a general failure */
  failure: string | null;
  /** the visitor's thumbs up or down on the answer */
  feedback: FeedbackType | null;
}

export interface VisitorChatState {
  conversationId: string | null;
  turns: VisitorTurn[];
}

export type VisitorChatAction =
  | { type: 'asked'; question: string; createdAt: string }
  | { type: 'updated'; update: ChatStreamUpdate }
  | { type: 'ended' }
  | { type: 'stopped' }
  | { type: 'failed'; message: string | null }
  | { type: 'opened'; conversation: Conversation }
  | { type: 'feedbackSet'; segmentId: string; feedback: FeedbackType | null }
  | { type: 'reset' };

export const emptyVisitorChat: VisitorChatState = { conversationId: null, turns: [] };

const withLast = (state: VisitorChatState, change: (turn: VisitorTurn) => Partial<VisitorTurn>): VisitorChatState => {
  const last = state.turns.at(-1);
  if (!last || last.status !== 'streaming') return state;
  return { ...state, turns: [...state.turns.slice(0, -1), { ...last, ...change(last) }] };
};

export function visitorChatReducer(state: VisitorChatState, action: VisitorChatAction): VisitorChatState {
  switch (action.type) {
    case 'asked': {
      const turn: VisitorTurn = {
        question: action.question,
        createdAt: action.createdAt,
        segmentId: null,
        answer: '',
        citations: [],
        statusText: '',
        status: 'streaming',
        failure: null,
        feedback: null,
      };
      return { ...state, turns: [...state.turns, turn] };
    }
    case 'updated':
      return applyUpdate(state, action.update);
    case 'ended':
      return withLast(state, () => ({ status: 'done', statusText: '' }));
    case 'stopped':
      return withLast(state, () => ({ status: 'stopped', statusText: '' }));
    case 'failed':
      return withLast(state, () => ({ status: 'failed', statusText: '', failure: action.message }));
    case 'opened':
      return { conversationId: action.conversation.conversationId, turns: branchOf(action.conversation).map(turnOf) };
    case 'feedbackSet':
      return { ...state, turns: state.turns.map((t) => (t.segmentId === action.segmentId ? { ...t, feedback: action.feedback } : t)) };
    case 'reset':
      return emptyVisitorChat;
  }
}

/** The conversation's selected branch, first question first (as the signed-in chat draws it). */
function branchOf(conversation: Conversation): Segment[] {
  const tree = conversation.conversationSegmentTree;
  const byId = new Map(tree.segments.map((s) => [s.conversationSegmentId, s]));
  return tree.segmentPath.map((id) => byId.get(id)).filter((s): s is Segment => s !== undefined);
}

/** A saved segment as a turn; one still InProgress (its answer was streaming when the page left) reads as stopped. */
function turnOf(segment: Segment): VisitorTurn {
  const status = segment.status === 'Success' ? 'done' : segment.status === 'Failed' ? 'failed' : 'stopped';
  return {
    question: segment.question,
    createdAt: segment.createdAt,
    segmentId: segment.conversationSegmentId,
    answer: segment.answer,
    citations: segment.citations,
    statusText: '',
    status,
    failure: null,
    feedback: segment.feedback?.feedbackType ?? null,
  };
}

function applyUpdate(state: VisitorChatState, update: ChatStreamUpdate): VisitorChatState {
  switch (update.type) {
    case 'ids':
      return withLast({ ...state, conversationId: update.conversationId }, () => ({ segmentId: update.segmentId }));
    case 'step':
      return withLast(state, () => ({ statusText: update.text }));
    case 'text':
      return withLast(state, (t) => ({ answer: t.answer + update.text }));
    case 'image':
      return withLast(state, (t) => ({ answer: `${t.answer}\n\n![${update.title}](${update.uri})\n\n` }));
    case 'model':
      return withLast(state, (t) => ({
        citations: update.citations,
        segmentId: update.segmentId ?? t.segmentId,
        ...(update.errors.length > 0 ? { status: 'failed' as const, failure: update.errors[0]?.message ?? null } : {}),
      }));
    case 'error':
      return withLast(state, (t) => ({ answer: t.answer + update.text, ...(update.completes ? { status: 'done' as const } : {}) }));
    case 'done':
      return withLast(state, () => ({ status: 'done', statusText: '' }));
    default:
      return state;
  }
}
