// Prometheus metrics at /metrics (platform/metrics.ts): served only to a bearer of METRICS_TOKEN (anyone else gets
// the server's own 404), requests counted by route pattern, the chat's time to first token, gaps and tokens per
// deployment, answers streaming now and the jobs engine's queues; nothing of a question, an answer or a person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { questionBody, scriptedGateway, sleep, systemAgentId } from '../test/chat-stream.js';
import type { StreamPart } from '../ai/model.types.js';

const Token = 'metrics-token-for-the-tests-0123456789';

describe('metrics', () => {
  let t: TestApp;
  let user: { token: string };
  const gateway = scriptedGateway(async function* (): AsyncGenerator<StreamPart> {
    yield { type: 'text', text: 'Water ' };
    await sleep(20);
    yield { type: 'text', text: 'weekly.' };
    yield { type: 'usage', promptTokens: 12, completionTokens: 3, estimated: false };
  });

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: Token });
    t.ctx.models = gateway;
    user = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers only the bearer of the token; anyone else meets the 404 of an unknown address', async () => {
    const none = await scrape();
    const wrong = await scrape(`Bearer ${Token.slice(0, -1)}x`);
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-thing' });
    for (const refused of [none, wrong]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(unknown.json());
    }
    const ok = await scrape(`Bearer ${Token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
  });

  it('counts requests by route pattern and an answer by deployment, without its text or its asker', async () => {
    const agentId = await systemAgentId(t);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/internal/userConversations/byGptSystemId/${agentId}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: questionBody('How often should I water my secret fern?'),
    });
    expect(asked.statusCode).toBe(200);
    const text = (await scrape(`Bearer ${Token}`)).body;
    const value = (line: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(line))
          ?.slice(line.length)
          .trim(),
      );
    expect(value('atrium_chat_time_to_first_token_seconds_count{deployment="scripted"}')).toBe(1);
    expect(value('atrium_chat_inter_chunk_gap_seconds_count{deployment="scripted"}')).toBe(1);
    // the 20 ms pause between the two pieces is the one gap: in the 25 ms bucket at the latest, not in the 10 ms one
    expect(value('atrium_chat_inter_chunk_gap_seconds_bucket{le="0.01",deployment="scripted"}')).toBe(0);
    expect(value('atrium_chat_turns_total{deployment="scripted",status="Success"}')).toBe(1);
    expect(value('atrium_chat_tokens_total{deployment="scripted",direction="prompt"}')).toBe(12);
    expect(value('atrium_chat_tokens_total{deployment="scripted",direction="completion"}')).toBe(3);
    expect(value('atrium_chat_active_streams')).toBe(0);
    expect(text).toContain('# HELP atrium_jobs ');
    expect(text).toContain('# HELP atrium_db_pool_connections ');
    expect(value('atrium_http_requests_total{method="POST",route="/api/internal/userConversations/byGptSystemId/:gptSystemId",status="200"}')).toBe(1);
    expect(text).not.toContain(agentId);
    expect(text).not.toContain('fern');
    expect(text).not.toContain('weekly');
  });
});
