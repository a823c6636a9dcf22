// The talking avatar of a conversation (docs/speech.md, "Avatar"): the server relays between the browser (its WebRTC
// offer, in and out over HTTP) and Azure AI Speech's real-time avatar (a WebSocket the server holds, with the key),
// one avatar per person and conversation, in this process's memory. Like reading aloud, the browser never sends text:
// the avatar speaks answers of the person's own conversation, read by the server. An avatar is closed on disconnect,
// when its person opens too many, and after AvatarIdleMs without a call or speech.
import {
  AvatarCharacter,
  AvatarConnectsPerMinute,
  AvatarIdleMs,
  AvatarMaxPerPerson,
  AvatarStyle,
  ErrorCodes,
  splitSentences,
  type AvatarConnected,
  type AvatarIceServer,
  type AvatarOptions,
  type AvatarSpeak,
} from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { perPersonLimit, type RateLimitStore } from '../../platform/rate-limit.js';
import { redactSecrets } from '../../ai/provider-errors.js';
import { azureSpeechRoot } from '../../ai/providers/azure-speech.js';
import { answerToReadOf } from '../conversations/conversations.lookup.js';
import { ownConversation } from '../conversations/conversations.service.js';
import { wholeAnswerText } from './speech.service.js';
import { iceServersOf } from './avatar.protocol.js';
import { AvatarSession, AvatarUpstreamError } from './avatar.session.js';

export type AvatarContext = Pick<AppContext, 'db' | 'models' | 'logger'>;

/** How long the relay's ICE servers are reused (its TURN credentials last far longer). */
export const RelayTokenCacheMs = 10 * 60_000;
const RelayTokenTimeoutMs = 10_000;
const AvatarBackground = '#FFFFFFFF';

interface AvatarTarget {
  deploymentName: string;
  /** the Azure neural voice (the deployment's model) */
  voice: string;
  /** https://{region}.tts.speech.microsoft.com (or a test server) */
  root: string;
  apiKey: string;
}

const notAvailable = () =>
  new AppError(
    ErrorCodes.notReady,
    409,
    'The talking avatar needs an Azure AI Speech deployment (Models: a Text to speech deployment on an Azure AI Speech connection; in HIPAA mode one marked HIPAA-compliant).',
  );
const notConnected = () => conflict('No avatar is connected to this conversation: connect first.');
const upstream = (message: string) => new AppError(ErrorCodes.internal, 502, message);

/** The Speech deployment the avatar speaks with: the default one, when it is an Azure AI Speech voice usable here. */
async function avatarTarget(ctx: AvatarContext): Promise<AvatarTarget | null> {
  // speaker() is null in HIPAA mode unless the deployment is marked HIPAA-compliant (the answers reach it)
  const target = await ctx.models.speaker().catch(() => null);
  if (!target || target.deployment.providerType !== 'AzureSpeech' || !target.apiKey) return null;
  return { deploymentName: target.deployment.displayName, voice: target.deployment.model, root: azureSpeechRoot(target.endpoint), apiKey: target.apiKey };
}

export async function avatarOptions(ctx: AvatarContext): Promise<AvatarOptions> {
  const target = await avatarTarget(ctx);
  if (!target) return { available: false, deploymentName: null, character: null, style: null };
  return { available: true, deploymentName: target.deploymentName, character: AvatarCharacter, style: AvatarStyle };
}

interface OpenAvatar {
  session: AvatarSession;
  userId: string;
  openedAt: number;
  idle: NodeJS.Timeout | null;
}

export interface AvatarHubOptions {
  idleMs?: number;
  connectsPerMinute?: number;
  /** where connections are counted (platform/rate-limit.ts: Redis with REDIS_URL, for every process); null: here */
  store?: RateLimitStore | null;
}

export type AvatarHub = ReturnType<typeof createAvatarHub>;

export function createAvatarHub(ctx: AvatarContext, options: AvatarHubOptions = {}) {
  const idleMs = options.idleMs ?? AvatarIdleMs;
  const open = new Map<string, OpenAvatar>();
  const relay = new Map<string, { servers: AvatarIceServer[]; at: number }>();
  const limiter = perPersonLimit(
    options.store ?? null,
    'avatar',
    options.connectsPerMinute ?? AvatarConnectsPerMinute,
    (seconds) => `Too many avatar connections; try again in ${seconds} s.`,
  );
  const keyOf = (userId: string, conversationId: string) => `${userId}:${conversationId}`;

  async function usable(principal: Principal, conversationId: string): Promise<AvatarTarget> {
    // someone else's (or a deleted) conversation is a 404 before anything else is said about it
    await ownConversation(ctx, principal, conversationId);
    const target = await avatarTarget(ctx);
    if (!target) throw notAvailable();
    return target;
  }

  async function iceServers(target: AvatarTarget): Promise<AvatarIceServer[]> {
    const cacheKey = `${target.root} ${target.apiKey}`;
    const cached = relay.get(cacheKey);
    if (cached && Date.now() - cached.at < RelayTokenCacheMs) return cached.servers;
    const url = `${target.root}/cognitiveservices/avatar/relay/token/v1`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'Ocp-Apim-Subscription-Key': target.apiKey, 'user-agent': 'Atrium' },
        signal: AbortSignal.timeout(RelayTokenTimeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw upstream(redactSecrets(`The avatar relay of ${target.deploymentName} could not be reached: ${reason}`, [target.apiKey]));
    }
    const text = await response.text().catch(() => '');
    if (!response.ok)
      throw upstream(
        redactSecrets(`The avatar relay of ${target.deploymentName} answered ${response.status}: ${text.slice(0, 300) || response.statusText}`, [
          target.apiKey,
        ]),
      );
    let servers: AvatarIceServer[] | null = null;
    try {
      servers = iceServersOf(JSON.parse(text));
    } catch {
      servers = null;
    }
    if (!servers) throw upstream(`The avatar relay of ${target.deploymentName} did not answer ICE servers.`);
    relay.set(cacheKey, { servers, at: Date.now() });
    return servers;
  }

  function forget(key: string, avatar: OpenAvatar) {
    if (open.get(key) !== avatar) return;
    if (avatar.idle) clearTimeout(avatar.idle);
    open.delete(key);
  }

  /** (Re)starts the idle clock of an avatar; one still speaking when it runs out is given another period. */
  function touch(key: string) {
    const avatar = open.get(key);
    if (!avatar) return;
    if (avatar.idle) clearTimeout(avatar.idle);
    avatar.idle = setTimeout(() => {
      if (avatar.session.speaking) return touch(key);
      ctx.logger.info({ key }, 'avatar closed after being idle');
      avatar.session.close();
      forget(key, avatar);
    }, idleMs);
    avatar.idle.unref();
  }

  function closeOne(key: string) {
    const avatar = open.get(key);
    if (!avatar) return;
    forget(key, avatar);
    avatar.session.close();
  }

  function connected(principal: Principal, conversationId: string): OpenAvatar {
    const avatar = open.get(keyOf(principal.userId, conversationId));
    if (!avatar || !avatar.session.isOpen) throw notConnected();
    return avatar;
  }

  /** The text of the sentence asked (or of the whole finished answer) of the person's answer. */
  async function textToSpeak(principal: Principal, conversationId: string, body: AvatarSpeak): Promise<string> {
    const row = await answerToReadOf(ctx, principal.userId, conversationId, body.segmentId);
    if (!row) throw notFound('The answer');
    const sentences = splitSentences(row.answer, !row.inProgress);
    const stillWriting = () =>
      new AppError(ErrorCodes.conflict, 409, 'The answer is still being written; ask again for this part of it later.', [], { 'retry-after': '2' });
    if (body.sentence === undefined) {
      if (row.inProgress) throw stillWriting();
      const text = wholeAnswerText(sentences);
      if (!text) throw notFound('Text to speak in this answer');
      return text;
    }
    if (body.sentence < sentences.length) return wholeAnswerText([sentences[body.sentence]!]);
    if (row.inProgress) throw stillWriting();
    throw notFound(`Sentence ${body.sentence} of the answer`);
  }

  return {
    options: () => avatarOptions(ctx),

    async iceServers(principal: Principal, conversationId: string): Promise<{ iceServers: AvatarIceServer[] }> {
      return { iceServers: await iceServers(await usable(principal, conversationId)) };
    },

    async connect(principal: Principal, conversationId: string, localSdp: string): Promise<AvatarConnected> {
      const target = await usable(principal, conversationId);
      await limiter.take(principal.userId);
      const key = keyOf(principal.userId, conversationId);
      // a new offer replaces the avatar of this conversation (the page was reloaded, or the connection broke)
      closeOne(key);
      const servers = await iceServers(target);
      let avatar: OpenAvatar | null = null;
      let opened: Awaited<ReturnType<typeof AvatarSession.open>>;
      try {
        opened = await AvatarSession.open({
          url: `${target.root.replace(/^http/, 'ws')}/cognitiveservices/websocket/v1?enableTalkingAvatar=true`,
          apiKey: target.apiKey,
          voice: target.voice,
          look: { character: AvatarCharacter, style: AvatarStyle, backgroundColor: AvatarBackground },
          localSdp,
          iceServers: servers,
          onClosed: () => avatar && forget(key, avatar),
          onActivity: () => touch(key),
        });
      } catch (error) {
        if (error instanceof AvatarUpstreamError) throw upstream(error.message);
        throw error;
      }
      closeOne(key);
      avatar = { session: opened.session, userId: principal.userId, openedAt: Date.now(), idle: null };
      open.set(key, avatar);
      touch(key);
      // the person's oldest avatars beyond AvatarMaxPerPerson are closed (each is a paid session at Azure)
      const theirs = [...open.entries()].filter(([, a]) => a.userId === principal.userId).sort((a, b) => a[1].openedAt - b[1].openedAt);
      for (const [oldKey] of theirs.slice(0, Math.max(0, theirs.length - AvatarMaxPerPerson))) closeOne(oldKey);
      return { remoteSdp: opened.remoteSdp, idleTimeoutSeconds: Math.round(idleMs / 1000) };
    },

    async speak(principal: Principal, conversationId: string, body: AvatarSpeak): Promise<void> {
      await usable(principal, conversationId);
      const avatar = connected(principal, conversationId);
      const text = await textToSpeak(principal, conversationId, body);
      avatar.session.speak(text);
      touch(keyOf(principal.userId, conversationId));
    },

    async stopSpeaking(principal: Principal, conversationId: string): Promise<void> {
      await ownConversation(ctx, principal, conversationId);
      connected(principal, conversationId).session.stop();
      touch(keyOf(principal.userId, conversationId));
    },

    async disconnect(principal: Principal, conversationId: string): Promise<void> {
      await ownConversation(ctx, principal, conversationId);
      closeOne(keyOf(principal.userId, conversationId));
    },

    /** How many avatars are open (tests, metrics). */
    get size() {
      return open.size;
    },

    closeAll(): void {
      for (const key of [...open.keys()]) closeOne(key);
    },
  };
}
