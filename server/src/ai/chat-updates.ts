// What one chat generation publishes, as a discriminated union, and how each update is written as
// the events of docs/wire-protocol.md. The generation knows nothing about HTTP; a transport (the SSE writer today,
// a Redis channel for a resumable stream later) carries the updates to the client.
import {
  encodeSseEvent,
  type ChatStreamEventName,
  type ConversationAndSegmentIdEvent,
  type GeneratedImageLinkEvent,
  type ResponseModelEvent,
  type SessionTokenEntry,
} from '@atrium/contract';

export type ChatUpdate =
  | { type: 'ids'; conversationId: string; segmentId: string }
  | { type: 'step'; text: string }
  | { type: 'text'; text: string }
  | { type: 'image'; title: string; uri: string }
  /** the code interpreter's output, appended by clients to the answer's code output */
  | { type: 'code'; text: string }
  | { type: 'session-tokens'; tokens: SessionTokenEntry[] }
  | { type: 'error'; message: string; internal: boolean }
  | { type: 'response-model'; model: ResponseModelEvent }
  | { type: 'end' };

/** The step shown while the model prepares its answer (repeated while it has sent nothing: stall-watch.ts). */
export const ThinkingStep = 'Thinking';

/** Where a generation publishes; `signal` aborts it (a client that left). */
export interface ChatTransport {
  publish(update: ChatUpdate): void;
  readonly signal: AbortSignal;
  close(): void;
}

const block = (event: ChatStreamEventName, data = '') => encodeSseEvent(event, data);

export function encodeChatUpdate(update: ChatUpdate): string {
  switch (update.type) {
    case 'ids': {
      const payload: ConversationAndSegmentIdEvent = { ConversationId: update.conversationId, ConversationSegmentId: update.segmentId };
      return block('conversation-and-segment-id', JSON.stringify(payload));
    }
    case 'step':
      return block('step-update', update.text);
    case 'text':
      return block('response-updated', update.text);
    case 'image': {
      const payload: GeneratedImageLinkEvent = { title: update.title, uri: update.uri };
      return block('generated-image-link', JSON.stringify(payload));
    }
    case 'code':
      return block('code-interpreter-updated', update.text);
    case 'session-tokens':
      return block('cosmos-db-session-tokens', JSON.stringify(update.tokens));
    case 'error':
      return block(update.internal ? 'internal-server-error' : 'error', update.message);
    case 'response-model':
      return block('response-model', JSON.stringify(update.model));
    case 'end':
      return block('no-more-data');
  }
}

/** A transport that writes each update as one SSE block, and ends the response on `end`. */
export function sseTransport(writer: { signal: AbortSignal; write(text: string): void; end(): void }): ChatTransport {
  return {
    signal: writer.signal,
    publish(update) {
      writer.write(encodeChatUpdate(update));
      if (update.type === 'end') writer.end();
    },
    close: () => writer.end(),
  };
}
