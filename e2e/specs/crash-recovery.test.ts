// kill -9 with live answers: after a restart no segment stays InProgress for ever. Each interrupted answer
// ends as Aborted with what had been saved of it (progress is saved every second) and an execution log
// that says the server stopped, so a person sees where it ended and can regenerate it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseDecoder } from '@atrium/contract';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { callApi, startServer, type RunningServer } from '../harness/server.js';
import { launchBrowser, openPage, screenshot } from '../harness/browser.js';
import { signIn as signInPage } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-crash-password' };
const Streams = 20;

/** Starts an answer and resolves with its conversation id once `pieces` pieces of text have arrived. */
async function startAnswer(server: RunningServer, token: string, agentId: string, pieces: number): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/internal/userConversations/byGptSystemId/${agentId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ question: 'Tell me a long story', visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: randomUUID() } }),
  });
  const decoder = new SseDecoder();
  const reader = res.body!.getReader();
  let conversationId = '';
  let seen = 0;
  while (seen < pieces) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the answer ended before the crash');
    for (const event of decoder.push(value)) {
      if (event.event === 'conversation-and-segment-id') conversationId = (JSON.parse(event.data) as { ConversationId: string }).ConversationId;
      if (event.event === 'response-updated') seen++;
    }
  }
  // keep reading in the background until the server dies
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      // the connection is cut by the kill
    }
  })();
  return conversationId;
}

describe('crash recovery', () => {
  let model: FakeUpstream;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-crash-'));
  let env: Record<string, string>;

  beforeAll(async () => {
    // a long answer: 200 pieces 50 ms apart (10 s)
    model = await startFakeOpenAI({
      script: (request) =>
        JSON.stringify(request.body).includes('short title for a conversation')
          ? { chunks: ['Story'] }
          : { chunks: Array.from({ length: 200 }, (_, i) => ` word${i}`), chunkDelayMs: 50 },
    });
    env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, OPENAI_BASE_URL: model.url, OPENAI_MODELS: 'fake-gpt', DATA_DIR: dataDir };
  });
  afterAll(async () => {
    await model?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`ends ${Streams} answers cut by kill -9 as interrupted after a restart, with their saved text`, async () => {
    let server = await startServer(env);
    const signIn = await fetch(`${server.baseUrl}/api/internal/authorization/Local/GenerateToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: admin.email, password: admin.password }),
    });
    const token = ((await signIn.json()) as { n1AIToken: string }).n1AIToken;
    const agents = (await (await callApi(server, token, 'GET', '/CurrentUser/AvailableGptSystems')).json()) as { items: { gptSystemId: string }[] };
    const agentId = agents.items[0]!.gptSystemId;

    // 40 pieces = 2 s in: past the deferred create (1 s) and at least one progress save
    const conversationIds = await Promise.all(Array.from({ length: Streams }, () => startAnswer(server, token, agentId, 40)));
    await new Promise((r) => setTimeout(r, 300));
    process.kill(server.pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 500));

    server = await startServer(env);
    try {
      const fresh = (
        (await (
          await fetch(`${server.baseUrl}/api/internal/authorization/Local/GenerateToken`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ userName: admin.email, password: admin.password }),
          })
        ).json()) as { n1AIToken: string }
      ).n1AIToken;
      for (const id of conversationIds) {
        const conversation = (await (await callApi(server, fresh, 'GET', `/userConversations/${id}`)).json()) as {
          conversationSegmentTree: { segments: { status: string; answer: string; executionLogs: { message: string; isError: boolean }[] }[] };
        };
        const [segment] = conversation.conversationSegmentTree.segments;
        expect(segment!.status).toBe('Aborted');
        // what was saved before the kill: at least a second of the answer
        expect(segment!.answer).toMatch(/^ word0 word1 word2/);
        expect(segment!.executionLogs.some((l) => l.isError && l.message.startsWith('The server stopped while this answer was being written'))).toBe(true);
      }

      // the person sees where the answer ended and why, with Regenerate at hand
      const browser = await launchBrowser();
      try {
        const { page } = await openPage(browser);
        await signInPage(page, server.baseUrl, admin);
        await page.goto(`${server.baseUrl}/chat/${agentId}/${conversationIds[0]}`);
        await page.getByText('This answer was interrupted: the server stopped while writing it.').waitFor();
        await page.getByText(' word0 word1 word2', { exact: false }).first().waitFor();
        await page.getByRole('button', { name: 'Regenerate' }).last().waitFor();
        await screenshot(page, 'crash-recovery-interrupted');
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  });
});
