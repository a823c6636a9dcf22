// Reading answers aloud: the speech route reads the person's own answer (never a text the browser sends), sends one
// sentence of it to the Speech deployment (a fake OpenAI speech server on 127.0.0.1) and streams the audio back;
// someone else's conversation, a sentence the answer does not have and a bad voice are refused; a sentence of an
// answer still being written is waited for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DefaultVoice, SpeechInputMaxChars, splitSentences, type ResponseModelEvent } from '@atrium/contract';
import { connections, conversationSegments } from '../../db/schema/index.js';
import { createConnection, createDeployment } from '../connections/connections.service.js';
import { dataOf, eventually, jsonCaller, postStream, questionBody } from '../../test/chat-stream.js';
import { startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { FakeAzureVoices, FakeMp3Header, FakeSpeechKey, startFakeSpeech, type FakeSpeech } from '../../test/fake-speech.js';
import { isTitleRequest, startModelTestApp, TestActor, type ModelTestApp, localVllmConnection } from '../../test/model-app.js';
import { speechCall, synthesizeSpeech } from '../../ai/speech.js';
import { azureSpeechProvider } from '../../ai/providers/azure-speech.js';
import { createSpeechLimiter, wholeAnswerText } from './speech.service.js';

const Answer = ['The sun is a star. ', 'It is about 4.6 billion years old. ', 'Light from it reaches Earth in about eight minutes.'];

describe('reading answers aloud', () => {
  let app: ModelTestApp;
  let openai: FakeUpstream;
  let speech: FakeSpeech;
  let owner: { id: string; token: string };
  let other: { id: string; token: string };
  let conversationId: string;
  let segmentId: string;
  const call = jsonCaller(
    () => app.base,
    () => owner.token,
  );
  const audio = (path: string, token = owner.token) => fetch(`${app.base}/api/internal${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const speechPath = (query = '', ids = { conversationId, segmentId }) => `/userConversations/${ids.conversationId}/segments/${ids.segmentId}/speech${query}`;
  const answerNext = (chunks: string[], chunkDelayMs = 0) => {
    let used = false;
    openai.setScript((request) => {
      if (used || isTitleRequest(request)) return {};
      used = true;
      return { chunks, chunkDelayMs };
    });
  };
  const ask = (question: string) => postStream(app.base, `/userConversations/byGptSystemId/${app.agentId}`, questionBody(question), { token: owner.token });

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    speech = await startFakeSpeech();
    app = await startModelTestApp([localVllmConnection(openai.url)]);
    owner = await app.t.createUser({ actions: ['GptSystemsRead'] });
    other = await app.t.createUser({ actions: ['GptSystemsRead'] });
    answerNext(Answer);
    const r = await ask('Tell me about the sun');
    segmentId = dataOf<ResponseModelEvent>(r.events, 'response-model').conversationSegmentId;
    conversationId = dataOf<{ ConversationId: string }>(r.events, 'conversation-and-segment-id').ConversationId;
  });
  afterAll(async () => {
    await app.close();
    await openai.close();
    await speech.close();
  });

  it('without a Speech deployment, says the browser reads aloud, and the route refuses with 409', async () => {
    expect((await call('GET', '/speech/options')).body).toEqual({ engine: 'Browser', deploymentName: null, voices: [], defaultVoice: null });
    const r = await audio(speechPath('?sentence=0'));
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ code: 'not_ready' });
    expect(speech.requests).toHaveLength(0);
  });

  it('with one, streams a sentence of the answer as the Speech deployment reads it (model, voice, input, response_format)', async () => {
    await createConnection(app.t.ctx, TestActor, {
      name: 'OpenAI speech',
      providerType: 'OpenAI',
      endpoint: speech.baseUrl,
      apiKey: FakeSpeechKey,
      deployments: [{ name: 'voice', displayName: 'Mini TTS', model: 'gpt-4o-mini-tts', kind: 'Speech' }],
    });
    expect((await call('GET', '/speech/options')).body).toMatchObject({ engine: 'Server', deploymentName: 'Mini TTS', defaultVoice: DefaultVoice });

    const r = await audio(speechPath('?sentence=1'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('audio/mpeg');
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(bytes.subarray(0, 4)).toEqual(FakeMp3Header);
    expect(bytes.subarray(4).toString('utf8')).toBe('It is about 4.6 billion years old.');
    expect(speech.requests.at(-1)).toMatchObject({
      path: '/v1/audio/speech',
      key: FakeSpeechKey,
      body: { model: 'gpt-4o-mini-tts', voice: 'alloy', input: 'It is about 4.6 billion years old.', response_format: 'mp3' },
    });

    // the listener's voice; the whole answer without a sentence
    expect((await audio(speechPath('?sentence=0&voice=nova'))).status).toBe(200);
    expect(speech.requests.at(-1)!.body).toMatchObject({ voice: 'nova', input: 'The sun is a star.' });
    expect((await audio(speechPath())).status).toBe(200);
    expect(speech.requests.at(-1)!.body.input).toBe(Answer.join('').trim());
  });

  it('refuses what is not the listener’s, a sentence the answer does not have, a bad voice, and no sign-in', async () => {
    const before = speech.requests.length;
    const someoneElse = await audio(speechPath('?sentence=0'), other.token);
    expect(someoneElse.status).toBe(404);
    expect(await someoneElse.json()).toMatchObject({ code: 'not_found' });
    expect((await audio(speechPath('?sentence=3'))).status).toBe(404);
    expect((await audio(speechPath('?sentence=0', { conversationId, segmentId: randomUUID() }))).status).toBe(404);
    const badVoice = await audio(speechPath('?sentence=0&voice=%3Cscript%3E'));
    expect(badVoice.status).toBe(400);
    expect(await badVoice.json()).toMatchObject({ code: 'validation_error' });
    expect((await audio(speechPath('?sentence=-1'))).status).toBe(400);
    expect((await audio(speechPath('?sentence=0'), '')).status).toBe(401);
    expect((await fetch(`${app.base}/api/internal/speech/options`)).status).toBe(401);
    expect(speech.requests).toHaveLength(before);
  });

  it('passes on what the provider said when it fails, without its key', async () => {
    speech.fail(1, 500, 'The voice model is overloaded');
    const r = await audio(speechPath('?sentence=0'));
    expect(r.status).toBe(502);
    const body = (await r.json()) as { message: string };
    expect(body.message).toContain('The voice model is overloaded');
    expect(body.message).not.toContain(FakeSpeechKey);
  });

  it('waits for a sentence of an answer still being written, and reads it once it is there', async () => {
    const pieces = [
      'Alpha is the first sentence here. ',
      'Beta is the second sentence here. ',
      'Gamma is the third sentence here. ',
      'Delta is the fourth one. ',
      'Epsilon ends it.',
    ];
    answerNext(pieces, 700);
    const streaming = ask('Count in Greek');
    const row = await eventually(
      async () =>
        (
          await app.t.ctx.db
            .select()
            .from(conversationSegments)
            .where(and(eq(conversationSegments.question, 'Count in Greek'), eq(conversationSegments.status, 'InProgress')))
        )[0],
      (r) => r !== undefined,
      10_000,
    );
    expect(splitSentences(row!.answer, false).length).toBeLessThan(4);
    const started = Date.now();
    const r = await audio(speechPath('?sentence=3', { conversationId: row!.conversationId, segmentId: row!.id }));
    expect(r.status).toBe(200);
    expect(
      Buffer.from(await r.arrayBuffer())
        .subarray(4)
        .toString('utf8'),
    ).toBe('Delta is the fourth one.');
    expect(Date.now() - started).toBeGreaterThan(300);
    await streaming;
  }, 30_000);

  it('limits the calls of a person in a minute (429 with Retry-After)', async () => {
    const limiter = createSpeechLimiter(2);
    await limiter.take('u1');
    await limiter.take('u1');
    await expect(limiter.take('u1')).rejects.toMatchObject({
      status: 429,
      code: 'too_many_attempts',
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });
    await limiter.take('u2');
  });

  it('reads at most SpeechInputMaxChars of a long answer, in whole sentences', () => {
    const sentence = `${'word '.repeat(199)}end.`;
    const text = wholeAnswerText(Array(10).fill(sentence));
    expect(text.length).toBeLessThanOrEqual(SpeechInputMaxChars);
    expect(text.endsWith('end.')).toBe(true);
    expect(wholeAnswerText(['x'.repeat(SpeechInputMaxChars + 10)])).toHaveLength(SpeechInputMaxChars);
  });

  it('calls Azure OpenAI speech deployments at the v1 and the classic deployment URL, with the api-key header', async () => {
    const deployment = { ...(await app.t.ctx.models.speaker())!.deployment, providerType: 'AzureOpenAI' as const, model: 'my-tts' };
    const target = { deployment, endpoint: `${speech.azureEndpoint}/openai`, apiVersion: null, apiKey: FakeSpeechKey };
    expect(speechCall(target, 'Hi.', 'coral')).toMatchObject({ url: `${speech.azureEndpoint}/openai/v1/audio/speech`, headers: { 'api-key': FakeSpeechKey } });
    const signal = new AbortController().signal;
    await (await synthesizeSpeech(target, { input: 'Hello Azure.', voice: 'coral', signal })).body.cancel();
    expect(speech.requests.at(-1)).toMatchObject({ path: '/openai/v1/audio/speech', key: FakeSpeechKey, body: { model: 'my-tts', voice: 'coral' } });
    const dated = { ...target, apiVersion: '2025-03-01-preview' };
    await (await synthesizeSpeech(dated, { input: 'Hello again.', voice: 'coral', signal })).body.cancel();
    expect(speech.requests.at(-1)!.path).toBe('/openai/deployments/my-tts/audio/speech?api-version=2025-03-01-preview');
  });

  it('speaks with an Azure AI Speech voice (SSML, the voice its model, the text escaped) and lists the resource’s voices', async () => {
    const deployment = { ...(await app.t.ctx.models.speaker())!.deployment, providerType: 'AzureSpeech' as const, model: 'de-DE-KatjaNeural' };
    const target = { deployment, endpoint: speech.azureEndpoint, apiVersion: null, apiKey: FakeSpeechKey };
    const signal = new AbortController().signal;
    const audio = await synthesizeSpeech(target, { input: 'Tom & Jerry <3', voice: 'nova', signal });
    expect(Buffer.from(await new Response(audio.body).arrayBuffer()).subarray(0, 4)).toEqual(FakeMp3Header);
    expect(speech.requests.at(-1)).toMatchObject({
      path: '/cognitiveservices/v1',
      key: FakeSpeechKey,
      body: {
        ssml: "<speak version='1.0' xml:lang='de-DE'><voice name='de-DE-KatjaNeural'>Tom &amp; Jerry &lt;3</voice></speak>",
        format: 'audio-24khz-48kbitrate-mono-mp3',
      },
    });
    const listed = await azureSpeechProvider.listModels(
      { connectionId: 'c', name: 'Speech', endpoint: `${speech.azureEndpoint}/`, apiVersion: null, apiKey: FakeSpeechKey },
      signal,
      5000,
    );
    expect(listed.map((m) => [m.id, m.kind])).toEqual(FakeAzureVoices.map((v) => [v.ShortName, 'Speech']).sort());
    // a wrong key: the provider's words, never the key
    await expect(synthesizeSpeech({ ...target, apiKey: 'wrong-key' }, { input: 'Hi.', voice: 'nova', signal })).rejects.toMatchObject({ status: 401 });
  });

  it('takes only Speech deployments on an Azure AI Speech connection', async () => {
    await expect(
      createConnection(app.t.ctx, TestActor, {
        name: 'Azure voices',
        providerType: 'AzureSpeech',
        endpoint: speech.azureEndpoint,
        apiKey: FakeSpeechKey,
        deployments: [{ name: 'katja', model: 'de-DE-KatjaNeural' }],
      }),
    ).rejects.toMatchObject({ status: 400 });
    const created = await createConnection(app.t.ctx, TestActor, {
      name: 'Azure voices',
      providerType: 'AzureSpeech',
      endpoint: speech.azureEndpoint,
      apiKey: FakeSpeechKey,
      deployments: [{ name: 'katja', displayName: 'Katja', model: 'de-DE-KatjaNeural', kind: 'Speech', isDefault: true }],
    });
    expect(created.deployments[0]).toMatchObject({ kind: 'Speech', isDefault: true });
    expect((await call('GET', '/speech/options')).body).toEqual({ engine: 'Server', deploymentName: 'Katja', voices: [], defaultVoice: 'de-DE-KatjaNeural' });
    const r = await audio(speechPath('?sentence=0&voice=nova'));
    expect(r.status).toBe(200);
    expect(speech.requests.at(-1)!.body.ssml).toBe("<speak version='1.0' xml:lang='de-DE'><voice name='de-DE-KatjaNeural'>The sun is a star.</voice></speak>");
  });

  it('a disabled Speech deployment is not used', async () => {
    const [connection] = await app.t.ctx.db.select().from(connections).where(eq(connections.name, 'OpenAI speech'));
    const created = await createDeployment(app.t.ctx, TestActor, connection!.id, { name: 'voice-2', model: 'tts-1', kind: 'Speech', enabled: false });
    expect(created).toMatchObject({ kind: 'Speech', isDefault: false, enabled: false });
    expect((await app.t.ctx.models.speaker())!.deployment.name).toBe('katja');
  });
});
