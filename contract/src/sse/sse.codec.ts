// The chat stream's server-sent-event codec (docs/wire-protocol.md "The chat stream"). The server writes the event
// line and its base64 data line in one block; the original server wrote them as two blocks, so the
// decoder keeps the last event name as state and accepts both layouts, CRLF/CR/LF line ends, comments,
// multi-line data and chunks split anywhere (even inside a multi-byte character).

export const ChatStreamEvents = [
  'conversation-and-segment-id',
  'step-update',
  'response-updated',
  'code-interpreter-updated',
  'generated-image-link',
  'cosmos-db-session-tokens',
  'response-model',
  'error',
  'internal-server-error',
  'no-more-data',
] as const;
export type ChatStreamEventName = (typeof ChatStreamEvents)[number];

export interface SseEvent {
  event: string;
  /** decoded UTF-8 text of the base64 payload ('' when empty) */
  data: string;
  /** the block's `id:` (a resumed answer numbers its events), when it has one */
  id?: string;
}

const encoder = new TextEncoder();
const utf8 = new TextDecoder('utf-8');

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// On the server (Node), Buffer encodes in one native call; the browser path builds a binary string.
interface NodeBufferLike {
  from(text: string, encoding: 'utf8'): { toString(encoding: 'base64'): string };
}
const nodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;
const base64OfText = nodeBuffer ? (text: string) => nodeBuffer.from(text, 'utf8').toString('base64') : (text: string) => toBase64(encoder.encode(text));

/** One event block: `event: name\ndata: <base64>\n\n` (`data: ` with nothing after it when empty). */
export function encodeSseEvent(event: string, data = ''): string {
  if (event.includes('\n') || event.includes('\r')) throw new Error('An event name cannot contain a line break');
  return `event: ${event}\ndata: ${data === '' ? '' : base64OfText(data)}\n\n`;
}

/** Decodes a base64 payload to text; a payload that is not base64 is returned as it came. */
export function decodeSseData(raw: string): string {
  if (raw === '') return '';
  if (!/^[A-Za-z0-9+/=\s]+$/.test(raw)) return raw;
  try {
    return utf8.decode(fromBase64(raw));
  } catch {
    return raw;
  }
}

/**
 * Incremental decoder. Feed it text or bytes as they arrive; it returns the complete events.
 * The event name of a block without data (the two-block layout) carries over to the next data block.
 */
export class SseDecoder {
  private buffer = '';
  private bytes = new TextDecoder('utf-8');
  private lastEvent: string | null = null;
  private blockEvent: string | null = null;
  private blockId: string | null = null;
  private dataLines: string[] = [];
  private sawCr = false;

  push(chunk: string | Uint8Array): SseEvent[] {
    let text = typeof chunk === 'string' ? chunk : this.bytes.decode(chunk, { stream: true });
    // a CRLF split across chunks: the LF belongs to the CR already handled
    if (this.sawCr && text.startsWith('\n')) text = text.slice(1);
    this.sawCr = text.endsWith('\r');
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line, out);
    }
    return out;
  }

  /** Flushes a final block that was not followed by a blank line. */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    const tail = this.bytes.decode();
    if (tail) this.buffer += tail;
    if (this.buffer) this.line(this.buffer, out);
    this.buffer = '';
    this.line('', out);
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') {
      if (this.dataLines.length > 0) {
        const name = this.blockEvent ?? this.lastEvent ?? 'message';
        const event: SseEvent = { event: name, data: decodeSseData(this.dataLines.join('\n')) };
        if (this.blockId !== null) event.id = this.blockId;
        out.push(event);
        this.lastEvent = name;
      } else if (this.blockEvent !== null) {
        this.lastEvent = this.blockEvent;
      }
      this.blockEvent = null;
      this.blockId = null;
      this.dataLines = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.blockEvent = value;
    else if (field === 'data') this.dataLines.push(value);
    else if (field === 'id') this.blockId = value;
  }
}
