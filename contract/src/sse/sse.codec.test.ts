import { describe, expect, it } from 'vitest';
import { SseDecoder, decodeSseData, encodeSseEvent, type SseEvent } from './sse.codec.js';

const decodeAll = (chunks: (string | Uint8Array)[]): SseEvent[] => {
  const d = new SseDecoder();
  return [...chunks.flatMap((c) => d.push(c)), ...d.end()];
};

describe('encodeSseEvent', () => {
  it('writes the event and its base64 data in one block', () => {
    expect(encodeSseEvent('response-updated', 'x')).toBe('event: response-updated\ndata: eA==\n\n');
  });

  it('encodes UTF-8 as the browser would (TextEncoder, btoa), also a lone surrogate and long text', () => {
    const reference = (text: string) => {
      let binary = '';
      for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
      return btoa(binary);
    };
    for (const text of ['Grüße 👋', 'half \ud83d', 'ж'.repeat(40_000)]) {
      expect(encodeSseEvent('response-updated', text)).toBe(`event: response-updated\ndata: ${reference(text)}\n\n`);
    }
  });

  it('writes an empty data line when there is no payload', () => {
    expect(encodeSseEvent('no-more-data')).toBe('event: no-more-data\ndata: \n\n');
  });

  it('round-trips multi-byte text and leading spaces', () => {
    const text = '  Grüße, 世界 👋🏽 — ∑';
    expect(decodeAll([encodeSseEvent('response-updated', text)])).toEqual([{ event: 'response-updated', data: text }]);
  });

  it('refuses an event name with a line break', () => {
    expect(() => encodeSseEvent('a\nb', '')).toThrow();
  });
});

describe('SseDecoder', () => {
  const stream =
    encodeSseEvent('conversation-and-segment-id', '{"ConversationId":"c","ConversationSegmentId":"s"}') +
    encodeSseEvent('response-updated', 'Hallo ') +
    encodeSseEvent('response-updated', 'wêreld 🌍') +
    encodeSseEvent('no-more-data');
  const expected: SseEvent[] = [
    { event: 'conversation-and-segment-id', data: '{"ConversationId":"c","ConversationSegmentId":"s"}' },
    { event: 'response-updated', data: 'Hallo ' },
    { event: 'response-updated', data: 'wêreld 🌍' },
    { event: 'no-more-data', data: '' },
  ];

  it('decodes the one-block layout', () => {
    expect(decodeAll([stream])).toEqual(expected);
  });

  it("decodes the original server's two-block layout by carrying the event name", () => {
    const twoBlocks = stream.replaceAll(/(event: [^\n]+)\n(data: )/g, '$1\n\n$2');
    expect(twoBlocks).toContain('event: response-updated\n\ndata: ');
    expect(decodeAll([twoBlocks])).toEqual(expected);
  });

  it('decodes the same events whatever the chunk boundaries, even inside a multi-byte character', () => {
    const bytes = new TextEncoder().encode(stream);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(decodeAll([bytes.slice(0, cut), bytes.slice(cut)])).toEqual(expected);
    }
    const one = [...stream].map((c) => c);
    expect(decodeAll(one)).toEqual(expected);
  });

  it('accepts CRLF and CR line ends, comments and multi-line data', () => {
    const crlf = stream.replaceAll('\n', '\r\n');
    expect(decodeAll([crlf])).toEqual(expected);
    expect(decodeAll([crlf.slice(0, 41), crlf.slice(41)])).toEqual(expected);
    expect(decodeAll([stream.replaceAll('\n', '\r')])).toEqual(expected);
    expect(decodeAll([': keep-alive\n\nevent: step-update\ndata: VGhp\ndata: bmtpbmc=\n\n'])).toEqual([
      { event: 'step-update', data: decodeSseData('VGhp\nbmtpbmc=') },
    ]);
  });

  it('flushes a last block that lacks the closing blank line', () => {
    expect(decodeAll(['event: no-more-data\ndata: '])).toEqual([{ event: 'no-more-data', data: '' }]);
  });

  it('reads the id of a numbered block (a resumed answer) and no id elsewhere', () => {
    expect(decodeAll([`id: 7\n${encodeSseEvent('response-updated', 'x')}${encodeSseEvent('no-more-data')}`])).toEqual([
      { event: 'response-updated', data: 'x', id: '7' },
      { event: 'no-more-data', data: '' },
    ]);
  });

  it('keeps a payload that is not base64 as text', () => {
    expect(decodeAll(['event: error\ndata: not base64!\n\n'])).toEqual([{ event: 'error', data: 'not base64!' }]);
  });
});
