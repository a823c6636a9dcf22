// The messages of Azure AI Speech's text-to-speech WebSocket as its real-time avatar uses them (docs/speech.md,
// "Avatar"), as the Speech SDK for JavaScript sends them: each text frame is header lines (`Path`, `X-RequestId`,
// `X-Timestamp`, `Content-Type`), an empty line and the body. `speech.config` carries the avatar (`synthesis.video`:
// the character, the WebRTC offer and the relay's ICE servers); each turn is a `synthesis.context` and an `ssml`
// message under one request id; the service answers `turn.start` (the first one with the WebRTC answer), then
// `turn.end`. `synthesis.control` `{"action":"stop"}` stops speaking.
import { randomUUID } from 'node:crypto';
import type { AvatarIceServer } from '@atrium/contract';
import { azureSsml } from '../../ai/speech.js';

export interface AvatarMessage {
  path: string;
  requestId: string;
  headers: Record<string, string>;
  body: string;
}

/** A request id as the service expects it: 32 hex digits. */
export const newRequestId = () => randomUUID().replaceAll('-', '');

/** One text frame. */
export function encodeMessage(path: string, requestId: string, contentType: string, body: string): string {
  return `Path: ${path}\r\nX-RequestId: ${requestId}\r\nX-Timestamp: ${new Date().toISOString()}\r\nContent-Type: ${contentType}\r\n\r\n${body}`;
}

/** A text frame's headers and body (binary frames, audio, do not come: the avatar's sound goes over WebRTC). */
export function decodeMessage(frame: string): AvatarMessage {
  const end = frame.indexOf('\r\n\r\n');
  const head = end < 0 ? frame : frame.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    path: (headers.path ?? '').toLowerCase(),
    requestId: (headers['x-requestid'] ?? '').toLowerCase(),
    headers,
    body: end < 0 ? '' : frame.slice(end + 4),
  };
}

export interface AvatarLook {
  character: string;
  style: string;
  /** #RRGGBBAA */
  backgroundColor: string;
}

/** The `speech.config` body: who connects, and the avatar with the browser's offer and the relay's ICE servers. */
export function speechConfigBody(look: AvatarLook, localSdp: string, iceServers: AvatarIceServer[]): string {
  // the offer as the SDK sends it: the JSON of the RTCSessionDescription, base64
  const clientDescription = Buffer.from(JSON.stringify({ type: 'offer', sdp: localSdp }), 'utf8').toString('base64');
  return JSON.stringify({
    context: {
      system: { name: 'Atrium', version: '1', build: 'Node', lang: 'TypeScript' },
      os: { platform: 'Node', name: process.platform, version: process.version },
      synthesis: {
        video: {
          protocol: { name: 'WebRTC', webrtcConfig: { clientDescription, iceServers } },
          format: { bitrate: 2_000_000 },
          talkingAvatar: { character: look.character, style: look.style, customized: false, background: { color: look.backgroundColor } },
        },
      },
    },
  });
}

/** The `synthesis.context` body of each turn (the audio format is required though the sound goes over WebRTC). */
export function synthesisContextBody(): string {
  return JSON.stringify({
    synthesis: {
      audio: {
        metadataOptions: { bookmarkEnabled: false, sentenceBoundaryEnabled: false, visemeEnabled: false, wordBoundaryEnabled: false },
        outputFormat: 'riff-24khz-16bit-mono-pcm',
      },
      language: { autoDetection: false },
    },
  });
}

/** The frames of one turn: its context and its SSML (the voice reads `text`; empty text starts the avatar). */
export function turnFrames(requestId: string, voice: string, text: string): string[] {
  return [
    encodeMessage('synthesis.context', requestId, 'application/json', synthesisContextBody()),
    encodeMessage('ssml', requestId, 'application/ssml+xml', azureSsml(voice, text)),
  ];
}

export const stopFrame = (requestId: string) => encodeMessage('synthesis.control', requestId, 'application/json', JSON.stringify({ action: 'stop' }));

/** The SDP of the service's answer in a `turn.start` body (`webrtc.connectionString`: base64 of the description's JSON). */
export function remoteSdpOf(turnStartBody: string): string | null {
  try {
    const body = JSON.parse(turnStartBody) as { webrtc?: { connectionString?: unknown } };
    const encoded = body.webrtc?.connectionString;
    if (typeof encoded !== 'string' || !encoded) return null;
    const description = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as { sdp?: unknown };
    return typeof description.sdp === 'string' ? description.sdp : null;
  } catch {
    return null;
  }
}

/** What the relay token call answers, as RTCIceServer entries. */
export function iceServersOf(body: unknown): AvatarIceServer[] | null {
  const b = body as { Urls?: unknown; Username?: unknown; Password?: unknown } | null;
  if (!b || !Array.isArray(b.Urls) || !b.Urls.every((u) => typeof u === 'string') || b.Urls.length === 0) return null;
  return [
    {
      urls: b.Urls as string[],
      ...(typeof b.Username === 'string' ? { username: b.Username } : {}),
      ...(typeof b.Password === 'string' ? { credential: b.Password } : {}),
    },
  ];
}
