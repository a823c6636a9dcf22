// PII redaction in HIPAA mode: the patterns one by one (with what must stay), and what the fake model server receives
// through the real model gateway: the question, earlier turns and attached passages redacted in HIPAA mode, the
// title request too; everything as typed without HIPAA mode (so the check can fail); an extra pattern from
// PII_REDACTION_PATTERNS; the configuration's refusals.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startFakeOpenAI, type FakeUpstream } from '../test/fake-upstreams.js';
import { startModelTestApp, type ModelTestApp } from '../test/model-app.js';
import { createModelGateway, TitleInstructions } from './model-registry.js';
import type { AnswerRequest } from './model.types.js';
import { luhnValid, redactPii } from './pii-redaction.js';

describe('the patterns', () => {
  it.each([
    ['write to jane.doe@example.edu today', 'write to [EMAIL] today'],
    ['SSN 123-45-6789.', 'SSN [SSN].'],
    ['ssn 123 45 6789', 'ssn [SSN]'],
    ['card 4111 1111 1111 1111 expires', 'card [CARD NUMBER] expires'],
    ['card 4111-1111-1111-1111', 'card [CARD NUMBER]'],
    ['call (555) 123-4567 or +1 555 123 4567', 'call [PHONE] or [PHONE]'],
    ['office +44 20 7946 0958', 'office [PHONE]'],
    ['MRN 12345678 and MRN: A-1234567', '[MEDICAL RECORD NUMBER] and [MEDICAL RECORD NUMBER]'],
    ['medical record number 99887766', '[MEDICAL RECORD NUMBER]'],
  ])('redacts %j', (text, expected) => {
    expect(redactPii(text)).toBe(expected);
  });

  it.each([
    'order 4111 1111 1111 1112 (fails the Luhn check)',
    'SSN 000-12-3456 is never issued',
    'the years 2019-2024 and 1,234,567 students',
    'room 101, building 7, on 2026-11-25',
    'version 1.2.3 of the handbook',
  ])('leaves %j', (text) => {
    expect(redactPii(text)).toBe(text);
  });

  it('checks card numbers with the Luhn sum', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });
});

describe('PII_REDACTION_PATTERNS', () => {
  const env = (value: string) => ({ DATA_DIR: '/tmp/atrium-pii-config', PII_REDACTION_PATTERNS: value });
  it('adds patterns with their placeholders', () => {
    const config = loadConfig(env(JSON.stringify([{ name: 'Student id', pattern: 'S\\d{7}', flags: 'i' }])));
    expect(config.piiPatterns).toEqual([{ name: 'Student id', pattern: 'S\\d{7}', flags: 'i', placeholder: '[STUDENT ID]' }]);
  });
  it.each([
    ['not json', /JSON array/],
    [JSON.stringify([{ name: 'Bad', pattern: '([' }]), /valid regular expression/],
    [JSON.stringify([{ name: 'Bad', pattern: 'x', flags: 'gm' }]), /ignore case/],
    [JSON.stringify({ name: 'x' }), /PII_REDACTION_PATTERNS/],
  ])('refuses %j', (value, message) => {
    expect(() => loadConfig(env(value))).toThrow(message);
  });
});

describe('what the model server receives', () => {
  let openai: FakeUpstream;
  let app: ModelTestApp;
  let hipaa = true;
  const Secret = 'My SSN is 123-45-6789, mail me at pat@example.org, student S1234567.';

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    app = await startModelTestApp([
      {
        name: 'Local vLLM',
        providerType: 'OpenAICompatible',
        endpoint: openai.url,
        apiKey: 'sk-test',
        deployments: [{ name: 'fake-gpt', displayName: 'Fake GPT', model: 'fake-gpt-model', isDefault: true, hipaaCompliant: true }],
      },
    ]);
  });
  afterAll(async () => {
    await app.close();
    await openai.close();
  });

  const gateway = () =>
    createModelGateway({
      db: app.t.ctx.db,
      config: {
        ...app.t.ctx.config,
        piiPatterns: [{ name: 'Student id', pattern: 'S\\d{7}', flags: '', placeholder: '[STUDENT ID]' }],
      },
      secrets: app.t.ctx.secrets,
      logger: pino({ level: 'silent' }),
      hipaaMode: async () => hipaa,
    });
  const sent = async () => {
    const models = gateway();
    const deployment = await models.resolve('fake-gpt');
    const request: AnswerRequest = {
      deployment,
      system: 'You help. Contact: help@university.example',
      messages: [
        { role: 'user', content: 'Earlier: call me on (555) 123-4567' },
        { role: 'assistant', content: 'Noted, (555) 123-4567.' },
        // an attached file's text reaches the model inside the question (chat-prompt.ts)
        { role: 'user', content: `${Secret}\n\nintake.txt:\nCard 4111 1111 1111 1111, MRN 12345678` },
      ],
      params: { temperature: null, topP: null, frequencyPenalty: null, maxTokens: null },
      passages: [{ title: 'intake.txt', path: '', text: 'Card 4111 1111 1111 1111, MRN 12345678' }],
      signal: new AbortController().signal,
    };
    for await (const part of models.stream(request)) void part;
    const answer = JSON.stringify(openai.requests.at(-1)!.body);
    await models.generateTitle(Secret, 'Your SSN 123-45-6789 is noted.', new AbortController().signal);
    const title = JSON.stringify(openai.requests.filter((r) => JSON.stringify(r.body).includes(TitleInstructions)).at(-1)!.body);
    return { answer, title };
  };

  it('redacts the conversation and the attached text in HIPAA mode, the system prompt stays', async () => {
    hipaa = true;
    const { answer, title } = await sent();
    for (const kept of ['123-45-6789', 'pat@example.org', 'S1234567', '(555) 123-4567', '4111 1111 1111 1111', '12345678']) {
      expect(answer).not.toContain(kept);
      expect(title).not.toContain(kept === '(555) 123-4567' ? '123-45-6789' : kept);
    }
    for (const placeholder of ['[SSN]', '[EMAIL]', '[STUDENT ID]', '[PHONE]', '[CARD NUMBER]', '[MEDICAL RECORD NUMBER]'])
      expect(answer).toContain(placeholder);
    expect(title).toContain('[SSN]');
    expect(answer).toContain('help@university.example');
  });

  it('sends the words as typed without HIPAA mode', async () => {
    hipaa = false;
    const { answer, title } = await sent();
    expect(answer).toContain('123-45-6789');
    expect(answer).toContain('pat@example.org');
    expect(title).toContain('123-45-6789');
  });
});
