// One open talking avatar: the server's WebSocket to Azure AI Speech (docs/speech.md, "Avatar"). It is opened with
// the browser's WebRTC offer and answers the service's; then it speaks texts one turn at a time (the service takes
// the next SSML once the turn before has ended, as the Speech SDK queues them), stops on request and closes.
// `ws` is the WebSocket client (Node 20 has none built in): it sends the key as a header, which a browser cannot.
import WebSocket from 'ws';
import type { AvatarIceServer } from '@atrium/contract';
import { redactSecrets } from '../../ai/provider-errors.js';
import { decodeMessage, encodeMessage, newRequestId, remoteSdpOf, speechConfigBody, stopFrame, turnFrames, type AvatarLook } from './avatar.protocol.js';

/** How long the service may take to answer the offer. */
export const AvatarConnectTimeoutMs = 20_000;

export class AvatarUpstreamError extends Error {}

export interface AvatarSessionOptions {
  /** the wss:// (ws:// for a local test server) URL of the text-to-speech WebSocket, with enableTalkingAvatar=true */
  url: string;
  apiKey: string;
  voice: string;
  look: AvatarLook;
  localSdp: string;
  iceServers: AvatarIceServer[];
  /** called once when the socket is gone (closed by either side, or failed) */
  onClosed: () => void;
  /** called whenever the avatar starts or stops speaking (for the idle timer) */
  onActivity: () => void;
}

export class AvatarSession {
  private readonly socket: WebSocket;
  private readonly queue: string[] = [];
  /** the request id of the turn being spoken */
  private speakingId: string | null = null;
  private closed = false;

  private constructor(
    socket: WebSocket,
    private readonly options: AvatarSessionOptions,
  ) {
    this.socket = socket;
  }

  get speaking(): boolean {
    return this.speakingId !== null || this.queue.length > 0;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Opens the socket, sends the avatar with the offer and waits for the service's answer (its SDP). */
  static open(options: AvatarSessionOptions): Promise<{ session: AvatarSession; remoteSdp: string }> {
    const secrets = [options.apiKey];
    const connectionId = newRequestId();
    const url = `${options.url}${options.url.includes('?') ? '&' : '?'}X-ConnectionId=${connectionId}`;
    const socket = new WebSocket(url, {
      headers: { 'Ocp-Apim-Subscription-Key': options.apiKey, 'X-ConnectionId': connectionId },
      handshakeTimeout: AvatarConnectTimeoutMs,
    });
    const session = new AvatarSession(socket, options);
    const startId = newRequestId();
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (message: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        session.close();
        reject(new AvatarUpstreamError(redactSecrets(message, secrets)));
      };
      const timer = setTimeout(() => fail(`The avatar service did not answer within ${AvatarConnectTimeoutMs / 1000} s.`), AvatarConnectTimeoutMs);
      socket.on('unexpected-response', (_request, response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.length < 16 && chunks.push(c));
        response.on('end', () =>
          fail(`The avatar service answered ${response.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 500) || response.statusMessage}`),
        );
        response.on('error', () => fail(`The avatar service answered ${response.statusCode}.`));
      });
      socket.on('error', (error) => fail(`The avatar service could not be reached: ${error.message}`));
      socket.on('open', () => {
        socket.send(encodeMessage('speech.config', startId, 'application/json', speechConfigBody(options.look, options.localSdp, options.iceServers)));
        for (const frame of turnFrames(startId, options.voice, '')) socket.send(frame);
      });
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        const message = decodeMessage(data.toString());
        if (!settled && message.requestId === startId && message.path === 'turn.start') {
          const remoteSdp = remoteSdpOf(message.body);
          if (!remoteSdp) return fail('The avatar service started without a WebRTC answer.');
          settled = true;
          clearTimeout(timer);
          return resolve({ session, remoteSdp });
        }
        session.onMessage(message.path, message.requestId);
      });
      socket.on('close', (code, reason) => {
        fail(`The avatar service closed the connection (${code}${reason.length ? `: ${reason.toString('utf8').slice(0, 300)}` : ''}).`);
        session.markClosed();
      });
    });
  }

  /** Queues a text; it is spoken once what is before it has been. */
  speak(text: string): void {
    if (this.closed) return;
    this.queue.push(text);
    this.next();
  }

  /** Stops the turn being spoken and forgets the rest. */
  stop(): void {
    this.queue.length = 0;
    if (this.closed || this.speakingId === null) return;
    this.socket.send(stopFrame(this.speakingId));
  }

  close(): void {
    this.queue.length = 0;
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close(1000);
    this.markClosed();
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.speakingId = null;
    this.options.onClosed();
  }

  private next(): void {
    if (this.closed || this.speakingId !== null) return;
    const text = this.queue.shift();
    if (text === undefined) return;
    this.speakingId = newRequestId();
    for (const frame of turnFrames(this.speakingId, this.options.voice, text)) this.socket.send(frame);
    this.options.onActivity();
  }

  private onMessage(path: string, requestId: string): void {
    if (path !== 'turn.end' || requestId !== this.speakingId) return;
    this.speakingId = null;
    this.options.onActivity();
    this.next();
  }
}
