// The code interpreter end to end over real HTTP, with each sandbox engine: a fake OpenAI-compatible model calls
// run_code with the code the question names; the platform runs it in the sandbox with the CodeInterpreter
// attachment in /mnt/data; the person gets the step, the code and its output (code-interpreter-updated), images in
// the answer and other files as download links only they can open; the model gets the output and the error.
// Code that reaches for the network or /etc/passwd, or loops forever, is refused or killed, and both are told.
// The host engine (bubblewrap, Debian's python3 with pandas and Matplotlib) runs where it is installed, as in CI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CodeInterpreterFileList, Conversation, ConversationAndSegmentIdEvent, GeneratedImageLinkEvent } from '@atrium/contract';
import { codeInterpreterFiles, conversations } from '../../db/schema/index.js';
import type { TestApp } from '../../test/harness.js';
import { startFakeOpenAI, type FakeUpstream, type RecordedRequest } from '../../test/fake-upstreams.js';
import { answerOf, dataOf, postStream } from '../../test/chat-stream.js';
import { isTitleRequest, startModelTestApp, type ModelTestApp } from '../../test/model-app.js';
import { multipart } from '../../test/upload-fixtures.js';
import { createAgent, publishedConfig } from '../agents/agents.test-factory.js';
import { detectHostTools } from '../../platform/sandbox/host-engine.js';

type ChatBody = { tools?: { function: { name: string } }[]; messages: { role: string; content: unknown }[] };
const chatBody = (r: RecordedRequest) => r.body as unknown as ChatBody;
const text = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content));

const hostMissing = (await detectHostTools()) ? null : 'bubblewrap or python3 with pandas, NumPy, Matplotlib and openpyxl is not installed here';

for (const engine of ['pyodide', 'host'] as const) {
  const skip = engine === 'host' ? hostMissing : null;
  describe.skipIf(skip !== null)(`run_code with the ${engine} engine${skip ? ` (skipped: ${skip})` : ''}`, () => {
    let app: ModelTestApp;
    let t: TestApp;
    let base: string;
    let model: FakeUpstream;
    let user: { id: string; token: string };
    let other: { id: string; token: string };
    let analyst: string;

    beforeAll(async () => {
      model = await startFakeOpenAI({
        // the question is the code to run; with the tool's result the model says what it read
        script: (request) => {
          if (isTitleRequest(request)) return { chunks: ['Code'] };
          const body = chatBody(request);
          const result = body.messages.find((m) => m.role === 'tool');
          if (result) return { chunks: ['The run said: ', text(result.content).slice(0, 2000)] };
          // the question, without the attached files' text the platform adds for the model
          const question = text(body.messages.filter((m) => m.role === 'user').at(-1)!.content).split('\n\nAttached file')[0]!;
          if (body.tools?.some((x) => x.function.name === 'run_code'))
            return { chunks: ['Running it.'], toolCall: { name: 'run_code', input: { code: question } } };
          return { chunks: ['I cannot run code here.'] };
        },
      });
      app = await startModelTestApp(
        [
          {
            name: 'Local server',
            providerType: 'OpenAICompatible',
            endpoint: model.url,
            deployments: [{ name: 'fake-gpt', model: 'fake-gpt-model', tools: true, isDefault: true }],
          },
        ],
        { CODE_INTERPRETER_ENGINE: engine, CODE_INTERPRETER_TIMEOUT_MS: '8000' },
      );
      ({ t, base } = app);
      analyst = (await createAgent(t.ctx.db, { name: 'Analyst', publishedConfig: publishedConfig({ capabilityTypes: ['CodeInterpreter'] }) })).id;
      user = await t.createUser({ actions: ['GptSystemsRead'] });
      other = await t.createUser({ actions: ['GptSystemsRead'] });
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await model?.close();
    });

    const ask = (code: string, attachmentIds: string[] = []) =>
      postStream(
        base,
        `/userConversations/byGptSystemId/${analyst}`,
        { question: code, visionImageIds: [], attachmentIds, session: { sessionIdentifier: randomUUID() }, segmentTraceLogLevel: 'NonPersisted' },
        { token: user.token },
      );
    const codeOutput = (r: Awaited<ReturnType<typeof ask>>) =>
      r.events
        .filter((e) => e.event === 'code-interpreter-updated')
        .map((e) => e.data)
        .join('');
    const download = (uri: string, token: string) => fetch(`${base}${uri}`, { headers: { authorization: `Bearer ${token}` } });

    it('runs code that prints: the person sees the step and the output, the model reads it', async () => {
      const r = await ask('print(6 * 7)');
      expect(r.status).toBe(200);
      expect(r.events.filter((e) => e.event === 'step-update').map((e) => e.data)).toContain('Running code');
      expect(codeOutput(r)).toBe('>>> print(6 * 7)\n42\n\n');
      // the same events for every kind of client
      expect(r.naive).toEqual(r.events);
      expect(answerOf(r.events)).toContain('The run said: {"output":"42\\n"}');
    }, 60_000);

    it('puts the CodeInterpreter attachment in /mnt/data and hands back a file the code wrote as a download only its owner opens', async () => {
      const upload = multipart(Buffer.from('region,amount\nNorth,10\nSouth,32\nNorth,5\n'), 'sales.csv', 'text/csv');
      const attached = await t.app.inject({
        method: 'POST',
        url: '/api/internal/attachments?attachmentType=CodeInterpreter&context=Conversation',
        payload: upload.payload,
        headers: { ...upload.headers, authorization: `Bearer ${user.token}` },
      });
      expect(attached.statusCode).toBe(200);
      const code = [
        'import csv',
        'totals = {}',
        "for row in csv.DictReader(open('/mnt/data/sales.csv')):",
        "    totals[row['region']] = totals.get(row['region'], 0) + int(row['amount'])",
        "with open('/mnt/data/totals.csv', 'w') as f:",
        "    f.write('region,total\\n' + ''.join(f'{k},{v}\\n' for k, v in sorted(totals.items())))",
        'print(totals)',
      ].join('\n');
      const r = await ask(code, [attached.json().attachmentId]);
      expect(codeOutput(r)).toContain("{'North': 15, 'South': 32}\n[files: totals.csv]");
      const answer = answerOf(r.events);
      const link = /\[totals\.csv\]\((\/api\/internal\/userConversations\/[^)]+)\)/.exec(answer);
      expect(link).not.toBeNull();
      const uri = link![1]!;
      const res = await download(uri, user.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('attachment');
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(await res.text()).toBe('region,total\nNorth,15\nSouth,32\n');
      // anyone else, and no one without a token, gets nothing
      expect((await download(uri, other.token)).status).toBe(404);
      expect((await fetch(`${base}${uri}`)).status).toBe(401);
      expect((await download(uri.replace(/totals\.csv$/, 'other.csv'), user.token)).status).toBe(404);
      // the model was told what the person sees
      expect(answer).toContain('download link under the answer');

      // the code output is kept with the answer: a reload shows it
      const ids = dataOf<ConversationAndSegmentIdEvent>(r.events, 'conversation-and-segment-id');
      const get = (path: string, token: string) => fetch(`${base}/api/internal${path}`, { headers: { authorization: `Bearer ${token}` } });
      const conversation = (await (await get(`/userConversations/${ids.ConversationId}`, user.token)).json()) as Conversation;
      const segment = conversation.conversationSegmentTree.segments.find((x) => x.conversationSegmentId === ids.ConversationSegmentId)!;
      expect(segment.codeInterpreterOutput).toBe(codeOutput(r));

      // the conversation's files (openAIFiles): this one, with the path that downloads it; to its owner only
      const listed = await get(`/userConversations/${ids.ConversationId}/openAIFiles`, user.token);
      expect(listed.status).toBe(200);
      const files = (await listed.json()) as CodeInterpreterFileList;
      expect(files.continuationToken).toBeNull();
      expect(files.items).toEqual([
        {
          id: expect.any(String),
          fileName: 'totals.csv',
          size: 'region,total\nNorth,15\nSouth,32\n'.length,
          contentType: 'text/csv; charset=utf-8',
          conversationSegmentId: ids.ConversationSegmentId,
          createdAt: expect.any(String),
          downloadUrl: uri,
        },
      ]);
      expect((await get(`/userConversations/${ids.ConversationId}/openAIFiles`, other.token)).status).toBe(404);
      expect((await get(`/userConversations/${randomUUID()}/openAIFiles`, user.token)).status).toBe(404);
      expect((await fetch(`${base}/api/internal/userConversations/${ids.ConversationId}/openAIFiles`)).status).toBe(401);
      // the admin preview's list is for administrators who may edit drafts, and only of that state's previews
      expect((await get(`/admin/gptSystems/configurationStates/${randomUUID()}/conversations/${ids.ConversationId}/openAIFiles`, user.token)).status).toBe(403);

      // the rows go with their conversation (retention deletes conversations; segments and files follow by cascade)
      await t.ctx.db.delete(conversations).where(eq(conversations.id, ids.ConversationId));
      expect(await t.ctx.db.select().from(codeInterpreterFiles).where(eq(codeInterpreterFiles.conversationId, ids.ConversationId))).toEqual([]);
    }, 60_000);

    it(
      engine === 'host' ? 'shows a Matplotlib chart in the answer' : 'shows an image the code wrote in the answer',
      async () => {
        const code =
          engine === 'host'
            ? "import matplotlib.pyplot as plt\nplt.bar(['North', 'South'], [15, 32])\nplt.title('Sales')\nplt.savefig('/mnt/data/sales.png')"
            : // Pyodide's standard library has no Matplotlib: a 1x1 PNG written byte by byte stands in for a chart
              "import base64\nopen('/mnt/data/dot.png', 'wb').write(base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='))";
        const r = await ask(code);
        const link = dataOf<GeneratedImageLinkEvent>(r.events, 'generated-image-link');
        expect(link.title).toBe(engine === 'host' ? 'sales.png' : 'dot.png');
        const image = await fetch(`${base}${link.uri}`);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
        expect(
          Buffer.from(await image.arrayBuffer())
            .subarray(1, 4)
            .toString(),
        ).toBe('PNG');
        expect(answerOf(r.events)).toContain('image shown in the answer');
      },
      60_000,
    );

    it('refuses the network and the host’s files, and tells the person and the model', async () => {
      const r = await ask("import urllib.request\nurllib.request.urlopen('http://example.com', timeout=3)");
      expect(codeOutput(r)).toMatch(/URLError|OSError|unreachable|Errno/);
      expect(answerOf(r.events)).toMatch(/"error":"Traceback/);

      const passwd = await ask("print(open('/etc/passwd').read())");
      expect(codeOutput(passwd)).toContain(
        "FileNotFoundError: [Errno 2] No such file or directory: '/etc/passwd'".replace('2', engine === 'host' ? '2' : '44'),
      );
      expect(answerOf(passwd.events)).toContain('FileNotFoundError');
    }, 60_000);

    it('kills code that loops forever, and tells the person and the model', async () => {
      const r = await ask('while True:\n    pass');
      const stopped = 'The code was stopped: it ran longer than the limit of 8 seconds.';
      expect(codeOutput(r)).toContain(stopped);
      const answer = answerOf(r.events);
      expect(answer).toContain(stopped);
      expect(answer).toContain('The sandbox stopped this run');
    }, 60_000);
  });
}
