// The chat stream's events as a discriminated union of updates (after HF chat-ui): the slice and the
// page switch on `type` instead of on raw event names and JSON strings.
import type { Citation, ConversationAndSegmentIdEvent, ResponseModelEvent, SessionTokenEntry, SseEvent, StreamError } from '@atrium/contract';

export type ChatStreamUpdate =
  | { type: 'ids'; conversationId: string; segmentId: string }
  | { type: 'step'; text: string }
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'image'; title: string; uri: string }
  | { type: 'sessionTokens'; tokens: SessionTokenEntry[] }
  | { type: 'model'; segmentId: string | null; citations: Citation[]; errors: StreamError[] }
  | { type: 'error'; text: string; completes: boolean }
  | { type: 'done' };

const json = <T>(text: string): T | null => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

/** null for events this client does not know or cannot read. */
export function toChatStreamUpdate({ event, data }: SseEvent): ChatStreamUpdate | null {
  switch (event) {
    case 'conversation-and-segment-id': {
      const ids = json<ConversationAndSegmentIdEvent>(data);
      return ids ? { type: 'ids', conversationId: ids.ConversationId, segmentId: ids.ConversationSegmentId } : null;
    }
    case 'step-update':
      return { type: 'step', text: data };
    case 'response-updated':
      return { type: 'text', text: data };
    case 'code-interpreter-updated':
      return { type: 'code', text: data };
    case 'generated-image-link': {
      const link = json<{ title?: string; uri?: string; url?: string }>(data);
      const uri = link?.uri ?? link?.url ?? data;
      return { type: 'image', title: link?.title ?? '', uri };
    }
    case 'cosmos-db-session-tokens':
      return { type: 'sessionTokens', tokens: json<SessionTokenEntry[]>(data) ?? [] };
    case 'response-model': {
      const model = json<Partial<ResponseModelEvent>>(data);
      if (!model) return null;
      return { type: 'model', segmentId: model.conversationSegmentId ?? null, citations: model.citations ?? [], errors: model.errors ?? [] };
    }
    case 'error':
      return { type: 'error', text: data, completes: true };
    case 'internal-server-error':
      return { type: 'error', text: data, completes: false };
    case 'no-more-data':
      return { type: 'done' };
    default:
      return null;
  }
}
