// The browser's side of the talking avatar (docs/speech.md, "Avatar"): an RTCPeerConnection with the relay's ICE
// servers, its offer sent to the server (which holds the socket to Azure AI Speech and answers with the service's
// SDP), and the calls that make the avatar speak an answer, stop, and go. The avatar's sound and picture arrive as
// tracks of the peer connection; they are put together in one MediaStream for one <video> element.
import { AvatarRoutes, pathTo, type AvatarConnected, type AvatarIceServers, type AvatarOptions } from '@atrium/contract';
import { http } from '../../../app/api/http';
import type { HttpError } from '../../../lib/http/http.types';

/** How long the browser gathers ICE candidates before it sends the offer with those it has. */
const IceGatheringMs = 3_000;

export class AvatarError extends Error {}

type ConversationRoute =
  typeof AvatarRoutes.iceServers | typeof AvatarRoutes.connect | typeof AvatarRoutes.speak | typeof AvatarRoutes.stopSpeaking | typeof AvatarRoutes.disconnect;

const messageOf = (error: HttpError, fallback: string): string => {
  const data = error.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' ? data.message : fallback;
};

async function call<T>(url: string, method: 'GET' | 'POST', fallback: string, body?: unknown): Promise<T> {
  const result = await http().request<T>({ url, method, body, timeout: 45_000 });
  if (result.error) throw new AvatarError(messageOf(result.error, fallback));
  return result.data;
}

export async function avatarOptions(): Promise<AvatarOptions | null> {
  const result = await http().request<AvatarOptions>({ url: AvatarRoutes.options });
  return result.error ? null : result.data;
}

export const hasWebRtc = () => typeof window !== 'undefined' && typeof window.RTCPeerConnection === 'function';

/** Resolves once the offer holds its ICE candidates (or after IceGatheringMs, with those it has). */
function iceGathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', onChange);
      resolve();
    };
    const onChange = () => pc.iceGatheringState === 'complete' && done();
    const timer = setTimeout(done, IceGatheringMs);
    pc.addEventListener('icegatheringstatechange', onChange);
  });
}

export interface AvatarConnection {
  stream: MediaStream;
  speak(segmentId: string): Promise<void>;
  stopSpeaking(): Promise<void>;
  /** closes the peer connection and tells the server (which closes its socket) */
  close(): void;
}

export async function connectAvatar(conversationId: string, fallback: string, onLost: () => void): Promise<AvatarConnection> {
  const at = (route: ConversationRoute) => pathTo(route, { conversationId });
  const { iceServers } = await call<AvatarIceServers>(at(AvatarRoutes.iceServers), 'GET', fallback);
  const pc = new RTCPeerConnection({ iceServers });
  const stream = new MediaStream();
  pc.addEventListener('track', (event) => stream.addTrack(event.track));
  // the avatar sends; the browser sends nothing (Azure's samples offer sendrecv, which it also accepts)
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  let closed = false;
  const disconnect = () => void http().request({ url: at(AvatarRoutes.disconnect), method: 'POST' });
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await iceGathered(pc);
    const localSdp = pc.localDescription?.sdp ?? '';
    const { remoteSdp } = await call<AvatarConnected>(at(AvatarRoutes.connect), 'POST', fallback, { localSdp });
    await pc.setRemoteDescription({ type: 'answer', sdp: remoteSdp });
  } catch (error) {
    pc.close();
    if (!(error instanceof AvatarError)) disconnect();
    throw error instanceof AvatarError ? error : new AvatarError(fallback);
  }
  pc.addEventListener('connectionstatechange', () => {
    if (!closed && (pc.connectionState === 'failed' || pc.connectionState === 'closed')) onLost();
  });
  return {
    stream,
    speak: (segmentId) => call<void>(at(AvatarRoutes.speak), 'POST', fallback, { segmentId }),
    stopSpeaking: () => call<void>(at(AvatarRoutes.stopSpeaking), 'POST', fallback),
    close() {
      if (closed) return;
      closed = true;
      pc.close();
      for (const track of stream.getTracks()) track.stop();
      disconnect();
    },
  };
}
