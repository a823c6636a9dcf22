// A fake Azure AI Speech real-time avatar for tests and e2e: one HTTP server on 127.0.0.1 that answers the relay token
// (`GET /cognitiveservices/avatar/relay/token/v1`: {Urls, Username, Password}) and the text-to-speech WebSocket
// (`/cognitiveservices/websocket/v1?enableTalkingAvatar=true`), both with the Ocp-Apim-Subscription-Key header. On the
// socket it reads `speech.config` (the avatar, the browser's offer), answers the first turn's `turn.start` with a
// WebRTC answer (by default a made-up SDP; `answerWith` may produce a real one), ends each turn after `speakMs`
// (at once on `synthesis.control` stop), and records every message.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { decodeMessage, encodeMessage, type AvatarMessage } from '../modules/speech/avatar.protocol.js';

export const FakeAvatarKey = 'fake-avatar-key-456';
export const FakeRelay = { Urls: ['turn:127.0.0.1:3478?transport=udp'], Username: 'relay-user', Password: 'relay-pass' };

export interface FakeAvatarConnection {
  /** the browser's offer SDP from speech.config */
  offerSdp: string | null;
  /** the parsed speech.config body */
  config: Record<string, unknown> | null;
  messages: AvatarMessage[];
  /** the SSML of each turn, in order (the first, empty one starts the avatar) */
  turns: { requestId: string; ssml: string }[];
  stops: number;
  closed: boolean;
}

export interface FakeAvatar {
  /** the resource root (an Azure AI Speech connection's endpoint) */
  endpoint: string;
  connections: FakeAvatarConnection[];
  relayCalls: number;
  /** how long each spoken turn lasts before its turn.end */
  speakMs: number;
  /** makes the answer to an offer (a real one from a second RTCPeerConnection in e2e) */
  answerWith: ((offerSdp: string) => Promise<string>) | null;
  /** the next `times` relay or socket calls fail with this status */
  fail(times: number, status: number): void;
  /** the service drops every open socket (as Azure does after its own idle limit) */
  dropAll(): void;
  close(): Promise<void>;
}

const madeUpAnswer = (offer: string) =>
  ['v=0', 'o=- 4611731400430051336 2 IN IP4 127.0.0.1', 's=-', 't=0 0', `a=msid-semantic: WMS fake-avatar`, `a=x-offer-length:${offer.length}`, ''].join(
    '\r\n',
  );

export async function startFakeAvatar(): Promise<FakeAvatar> {
  const failures: number[] = [];
  const sockets = new Set<WebSocket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.headers['ocp-apim-subscription-key'] !== FakeAvatarKey) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Access denied due to invalid subscription key.' } }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/cognitiveservices/avatar/relay/token/v1') {
      fake.relayCalls++;
      const status = failures.shift();
      if (status) {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end('Relay unavailable');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(FakeRelay));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const status = req.headers['ocp-apim-subscription-key'] !== FakeAvatarKey ? 401 : (failures.shift() ?? 0);
    if (url.pathname !== '/cognitiveservices/websocket/v1' || url.searchParams.get('enableTalkingAvatar') !== 'true' || status) {
      socket.end(`HTTP/1.1 ${status || 400} Refused\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${status === 401 ? 'Invalid key' : 'Refused'}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws));
  });

  function serve(ws: WebSocket) {
    sockets.add(ws);
    const connection: FakeAvatarConnection = { offerSdp: null, config: null, messages: [], turns: [], stops: 0, closed: false };
    fake.connections.push(connection);
    const timers = new Map<string, NodeJS.Timeout>();
    const send = (path: string, requestId: string, body: unknown) => ws.send(encodeMessage(path, requestId, 'application/json', JSON.stringify(body)));
    const endTurn = (requestId: string) => {
      clearTimeout(timers.get(requestId));
      if (!timers.delete(requestId)) return;
      send('turn.end', requestId, {});
    };
    ws.on('close', () => {
      connection.closed = true;
      sockets.delete(ws);
      for (const t of timers.values()) clearTimeout(t);
    });
    ws.on('message', async (data) => {
      const message = decodeMessage(data.toString());
      connection.messages.push(message);
      if (message.path === 'speech.config') {
        connection.config = JSON.parse(message.body) as Record<string, unknown>;
        const description = (connection.config as { context?: { synthesis?: { video?: { protocol?: { webrtcConfig?: { clientDescription?: string } } } } } })
          .context?.synthesis?.video?.protocol?.webrtcConfig?.clientDescription;
        connection.offerSdp = description ? (JSON.parse(Buffer.from(description, 'base64').toString('utf8')) as { sdp: string }).sdp : null;
      } else if (message.path === 'ssml') {
        const first = connection.turns.length === 0;
        connection.turns.push({ requestId: message.requestId, ssml: message.body });
        if (first) {
          if (!connection.offerSdp) return ws.close(1007, 'No WebRTC offer in speech.config');
          const sdp = fake.answerWith ? await fake.answerWith(connection.offerSdp) : madeUpAnswer(connection.offerSdp);
          const connectionString = Buffer.from(JSON.stringify({ type: 'answer', sdp })).toString('base64');
          send('turn.start', message.requestId, { webrtc: { connectionString } });
          send('turn.end', message.requestId, {});
          return;
        }
        send('turn.start', message.requestId, {});
        timers.set(
          message.requestId,
          setTimeout(() => endTurn(message.requestId), fake.speakMs),
        );
      } else if (message.path === 'synthesis.control') {
        const action = (JSON.parse(message.body) as { action?: string }).action;
        if (action === 'stop') {
          connection.stops++;
          for (const requestId of [...timers.keys()]) endTurn(requestId);
        }
      }
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeAvatar = {
    endpoint: `http://127.0.0.1:${port}`,
    connections: [],
    relayCalls: 0,
    speakMs: 300,
    answerWith: null,
    fail(times, status) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    dropAll() {
      for (const ws of sockets) ws.close(1000, 'Idle timeout');
    },
    async close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
