import { z } from 'zod';
import { AvatarSdpMaxChars } from './avatar.constants.js';
import { SpeechMaxSentenceIndex } from './speech.constants.js';

export const AvatarParamsSchema = z.object({ conversationId: z.string().uuid() });

/** GET /speech/avatar: whether the chat offers the talking avatar. */
export const AvatarOptionsSchema = z.object({
  available: z.boolean(),
  /** the Speech deployment (Azure AI Speech voice) it speaks with, when available */
  deploymentName: z.string().nullable(),
  character: z.string().nullable(),
  style: z.string().nullable(),
});
export type AvatarOptions = z.infer<typeof AvatarOptionsSchema>;

export const AvatarIceServerSchema = z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() });
export type AvatarIceServer = z.infer<typeof AvatarIceServerSchema>;
export const AvatarIceServersSchema = z.object({ iceServers: z.array(AvatarIceServerSchema) });
export type AvatarIceServers = z.infer<typeof AvatarIceServersSchema>;

export const AvatarConnectSchema = z.object({
  /** the SDP of the browser's offer (RTCPeerConnection.localDescription.sdp, its ICE candidates gathered) */
  localSdp: z
    .string()
    .max(AvatarSdpMaxChars)
    .regex(/^v=0\r?\n/, 'Send the SDP of a WebRTC offer'),
});
export type AvatarConnect = z.infer<typeof AvatarConnectSchema>;

export const AvatarConnectedSchema = z.object({
  /** the SDP of the avatar service's answer, for RTCPeerConnection.setRemoteDescription({type: 'answer', sdp}) */
  remoteSdp: z.string(),
  /** the avatar is closed after this long without a call or speech */
  idleTimeoutSeconds: z.number().int(),
});
export type AvatarConnected = z.infer<typeof AvatarConnectedSchema>;

export const AvatarSpeakSchema = z.object({
  segmentId: z.string().uuid(),
  /** the sentence of the answer (splitSentences); without it, the whole answer (finished) */
  sentence: z.number().int().min(0).max(SpeechMaxSentenceIndex).optional(),
});
export type AvatarSpeak = z.infer<typeof AvatarSpeakSchema>;
