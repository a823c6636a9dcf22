// The talking avatar: the server opens Azure AI Speech's avatar WebSocket (a fake on 127.0.0.1) with the browser's
// offer and answers the service's SDP; it speaks the person's own answers (never a text the browser sends), stops,
// disconnects and closes idle avatars; without an Azure AI Speech deployment (or in HIPAA mode without a compliant
// one) it is not available; someone else's conversation is a 404; the provider's failures are 502 without the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AvatarCharacter, AvatarStyle, splitSentences, type ResponseModelEvent } from '@atrium/contract';
import { instanceSettings } from '../../db/schema/index.js';
import { createConnection } from '../connections/connections.service.js';
import { dataOf, eventually, jsonCaller, postStream, questionBody } from '../../test/chat-stream.js';
import { startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { FakeAvatarKey, FakeRelay, startFakeAvatar, type FakeAvatar } from '../../test/fake-avatar.js';
import { isTitleRequest, startModelTestApp, TestActor, type ModelTestApp, localVllmConnection } from '../../test/model-app.js';
import type { Principal } from '../../platform/access.js';
import { createAvatarHub } from './avatar.service.js';
import { decodeMessage, encodeMessage, remoteSdpOf } from './avatar.protocol.js';

const Answer = ['The sun is a star. ', 'It is about 4.6 billion years old. ', 'Light from it reaches Earth in about eight minutes.'];
const Offer = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\n';
const Voice = 'en-US-AvaMultilingualNeural';

describe('the talking avatar', () => {
  let app: ModelTestApp;
  let openai: FakeUpstream;
  let avatar: FakeAvatar;
  let owner: { id: string; token: string };
  let other: { id: string; token: string };
  let conversationId: string;
  let segmentId: string;
  const call = jsonCaller(
    () => app.base,
    () => owner.token,
  );
  const tts = (action: string, id = conversationId) => `/userConversations/${id}/textToSpeechVideo/${action}`;
  const lastConnection = () => avatar.connections.at(-1)!;

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    avatar = await startFakeAvatar();
    app = await startModelTestApp([localVllmConnection(openai.url)]);
    owner = await app.t.createUser({ actions: ['GptSystemsRead'] });
    other = await app.t.createUser({ actions: ['GptSystemsRead'] });
    openai.setScript((request) => (isTitleRequest(request) ? {} : { chunks: Answer }));
    const r = await postStream(app.base, `/userConversations/byGptSystemId/${app.agentId}`, questionBody('Tell me about the sun'), { token: owner.token });
    segmentId = dataOf<ResponseModelEvent>(r.events, 'response-model').conversationSegmentId;
    conversationId = dataOf<{ ConversationId: string }>(r.events, 'conversation-and-segment-id').ConversationId;
  });
  afterAll(async () => {
    await app.close();
    await openai.close();
    await avatar.close();
  });

  it('frames messages as the Speech service does and reads the answer SDP of turn.start', () => {
    const frame = encodeMessage('ssml', 'abc', 'application/ssml+xml', '<speak/>\r\n\r\nmore');
    expect(decodeMessage(frame)).toMatchObject({ path: 'ssml', requestId: 'abc', body: '<speak/>\r\n\r\nmore' });
    const connectionString = Buffer.from(JSON.stringify({ type: 'answer', sdp: 'v=0\r\n' })).toString('base64');
    expect(remoteSdpOf(JSON.stringify({ webrtc: { connectionString } }))).toBe('v=0\r\n');
    expect(remoteSdpOf('{}')).toBeNull();
  });

  it('without an Azure AI Speech deployment, is not available (409 not_ready)', async () => {
    expect((await call('GET', '/speech/avatar')).body).toEqual({ available: false, deploymentName: null, character: null, style: null });
    const r = await call('POST', tts('connect'), { localSdp: Offer });
    expect(r).toMatchObject({ status: 409, body: { code: 'not_ready' } });
    expect((await call('GET', tts('iceServers'))).status).toBe(409);
  });

  it('with one, gives the relay’s ICE servers to the person whose conversation it is', async () => {
    await createConnection(app.t.ctx, TestActor, {
      name: 'Azure voices',
      providerType: 'AzureSpeech',
      endpoint: avatar.endpoint,
      apiKey: FakeAvatarKey,
      deployments: [{ name: 'ava', displayName: 'Ava', model: Voice, kind: 'Speech', isDefault: true }],
    });
    expect((await call('GET', '/speech/avatar')).body).toEqual({ available: true, deploymentName: 'Ava', character: AvatarCharacter, style: AvatarStyle });
    const r = await call('GET', tts('iceServers'));
    expect(r).toEqual({ status: 200, body: { iceServers: [{ urls: FakeRelay.Urls, username: FakeRelay.Username, credential: FakeRelay.Password }] } });
    expect((await call('GET', tts('iceServers'), undefined, other.token)).status).toBe(404);
    expect((await call('GET', tts('iceServers', randomUUID()))).status).toBe(404);
  });

  it('refuses a bad offer, someone else’s conversation, and speaking before connecting', async () => {
    expect((await call('POST', tts('connect'), { localSdp: 'hello' })).status).toBe(400);
    expect((await call('POST', tts('connect'), {})).status).toBe(400);
    expect((await call('POST', tts('connect'), { localSdp: Offer }, other.token)).status).toBe(404);
    expect(await call('POST', tts('speak'), { segmentId })).toMatchObject({ status: 409, body: { code: 'conflict' } });
    expect((await call('POST', tts('stopSpeaking'))).status).toBe(409);
  });

  it('connects with the offer, speaks the person’s answer, stops and disconnects', async () => {
    const before = avatar.connections.length;
    const connected = await call<{ remoteSdp: string; idleTimeoutSeconds: number }>('POST', tts('connect'), { localSdp: Offer });
    expect(connected.status).toBe(200);
    expect(connected.body.remoteSdp).toMatch(/^v=0\r\n/);
    expect(connected.body.remoteSdp).toContain(`a=x-offer-length:${Offer.length}`);
    expect(avatar.connections.length).toBe(before + 1);
    const c = lastConnection();
    expect(c.offerSdp).toBe(Offer);
    expect(c.config).toMatchObject({
      context: {
        synthesis: {
          video: {
            protocol: {
              name: 'WebRTC',
              webrtcConfig: { iceServers: [{ urls: FakeRelay.Urls, username: FakeRelay.Username, credential: FakeRelay.Password }] },
            },
            talkingAvatar: { character: AvatarCharacter, style: AvatarStyle },
          },
        },
      },
    });
    // the first turn (empty) starts the avatar in the deployment's voice
    expect(c.turns[0]!.ssml).toBe(`<speak version='1.0' xml:lang='en-US'><voice name='${Voice}'></voice></speak>`);
    expect(c.messages.map((m) => m.path).slice(0, 3)).toEqual(['speech.config', 'synthesis.context', 'ssml']);

    // the whole answer, then one sentence: spoken one after the other
    avatar.speakMs = 300;
    expect((await call('POST', tts('speak'), { segmentId })).status).toBe(202);
    expect((await call('POST', tts('speak'), { segmentId, sentence: 1 })).status).toBe(202);
    await eventually(
      async () => c.turns.length,
      (n) => n === 3,
    );
    const sentences = splitSentences(Answer.join(''), true);
    expect(c.turns[1]!.ssml).toContain(sentences.join(' '));
    expect(c.turns[2]!.ssml).toContain(`>${sentences[1]}</voice>`);

    // a long answer: stop ends the turn being spoken and forgets the queued ones
    avatar.speakMs = 10_000;
    await call('POST', tts('speak'), { segmentId, sentence: 0 });
    await call('POST', tts('speak'), { segmentId, sentence: 2 });
    await eventually(
      async () => c.turns.length,
      (n) => n === 4,
    );
    expect((await call('POST', tts('stopSpeaking'))).status).toBe(204);
    await eventually(
      async () => c.stops,
      (n) => n === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(c.turns.length).toBe(4);

    // a sentence the answer does not have; someone else's answer id
    expect((await call('POST', tts('speak'), { segmentId, sentence: 99 })).status).toBe(404);
    expect((await call('POST', tts('speak'), { segmentId: randomUUID() })).status).toBe(404);
    expect((await call('POST', tts('disconnect'), undefined, other.token)).status).toBe(404);

    expect((await call('POST', tts('disconnect'))).status).toBe(204);
    await eventually(
      async () => c.closed,
      (closed) => closed,
    );
    expect((await call('POST', tts('speak'), { segmentId })).status).toBe(409);
    // disconnecting what is not connected is no error
    expect((await call('POST', tts('disconnect'))).status).toBe(204);
  });

  it('a new connect replaces the avatar of the conversation; one the service dropped is gone', async () => {
    await call('POST', tts('connect'), { localSdp: Offer });
    const first = lastConnection();
    await call('POST', tts('connect'), { localSdp: Offer });
    await eventually(
      async () => first.closed,
      (closed) => closed,
    );
    expect(lastConnection()).not.toBe(first);
    avatar.dropAll();
    await eventually(
      async () => (await call('POST', tts('speak'), { segmentId })).status,
      (status) => status === 409,
    );
  });

  it('passes the service’s failures on as 502 without the key', async () => {
    avatar.fail(1, 401);
    const r = await call<{ code: string; message: string }>('POST', tts('connect'), { localSdp: Offer });
    expect(r.status).toBe(502);
    expect(r.body.message).toContain('401');
    expect(r.body.message).not.toContain(FakeAvatarKey);
  });

  it('closes an avatar left idle', async () => {
    const hub = createAvatarHub(app.t.ctx, { idleMs: 300 });
    const principal = { userId: owner.id } as Principal;
    await hub.connect(principal, conversationId, Offer);
    const c = lastConnection();
    expect(hub.size).toBe(1);
    await eventually(
      async () => hub.size,
      (n) => n === 0,
    );
    await eventually(
      async () => c.closed,
      (closed) => closed,
    );
  });

  it('in HIPAA mode, is not available unless the deployment is marked HIPAA-compliant', async () => {
    await app.t.ctx.db.update(instanceSettings).set({ value: true }).where(eq(instanceSettings.name, 'hipaaMode'));
    app.t.ctx.models.invalidate();
    try {
      expect((await call('GET', '/speech/avatar')).body).toMatchObject({ available: false });
      expect(await call('POST', tts('connect'), { localSdp: Offer })).toMatchObject({ status: 409, body: { code: 'not_ready' } });
    } finally {
      await app.t.ctx.db.update(instanceSettings).set({ value: false }).where(eq(instanceSettings.name, 'hipaaMode'));
      app.t.ctx.models.invalidate();
    }
  });
});
