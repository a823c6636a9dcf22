// A fake text-to-speech server for tests and e2e: one HTTP server on 127.0.0.1 that answers OpenAI's (and
// OpenAI-compatible servers') `POST /v1/audio/speech` (Bearer key), Azure OpenAI's `POST
// /openai/v1/audio/speech` and `POST /openai/deployments/{name}/audio/speech?api-version=` (api-key header), and Azure
// AI Speech's `POST /cognitiveservices/v1` (SSML) and `GET /cognitiveservices/voices/list` (Ocp-Apim-Subscription-Key,
// recorded with the SSML as `body.ssml`). The
// audio is a few bytes of a real MP3 frame header followed by the input's text, sent in two chunks (the route must
// stream it, not wait for the end). Requests are recorded with their body and key; the next answers can be scripted
// failures.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSpeechRequest {
  path: string;
  /** the Bearer or api-key header's key */
  key: string | null;
  body: { model?: string; voice?: string; input?: string; response_format?: string; [name: string]: unknown };
  at: number;
}

export interface FakeSpeech {
  /** the OpenAI-style base URL (`{origin}/v1`) */
  baseUrl: string;
  /** the Azure resource root */
  azureEndpoint: string;
  requests: FakeSpeechRequest[];
  /** the next `times` requests answer `status` with an OpenAI-style error body */
  fail(times: number, status: number, message?: string): void;
  /** waits this long between the two chunks of each answer */
  setChunkDelay(ms: number): void;
  close(): Promise<void>;
}

export const FakeSpeechKey = 'fake-speech-key-789';
/** What the fake Azure AI Speech resource lists as its voices. */
export const FakeAzureVoices = [
  { ShortName: 'en-US-AvaMultilingualNeural', DisplayName: 'Ava Multilingual', Locale: 'en-US' },
  { ShortName: 'de-DE-KatjaNeural', DisplayName: 'Katja', Locale: 'de-DE' },
];
/** An MPEG-1 Layer III frame header (what an MP3 begins with) */
export const FakeMp3Header = Buffer.from([0xff, 0xfb, 0x90, 0x64]);

export async function startFakeSpeech(): Promise<FakeSpeech> {
  const requests: FakeSpeechRequest[] = [];
  const failures: { status: number; message: string }[] = [];
  let chunkDelayMs = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const azureKey = typeof req.headers['ocp-apim-subscription-key'] === 'string' ? req.headers['ocp-apim-subscription-key'] : null;
      if (url.pathname.startsWith('/cognitiveservices/')) {
        const ssml = Buffer.concat(chunks).toString('utf8');
        requests.push({ path: url.pathname, key: azureKey, body: { ssml, format: req.headers['x-microsoft-outputformat'] }, at: Date.now() });
        if (azureKey !== FakeSpeechKey) {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'Access denied due to invalid subscription key.' } }));
        } else if (req.method === 'GET' && url.pathname === '/cognitiveservices/voices/list') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(FakeAzureVoices));
        } else if (req.method === 'POST' && url.pathname === '/cognitiveservices/v1' && req.headers['content-type'] === 'application/ssml+xml') {
          res.writeHead(200, { 'content-type': 'audio/mpeg' });
          res.write(FakeMp3Header);
          res.end(Buffer.from(ssml, 'utf8'));
        } else {
          res.writeHead(400, { 'content-type': 'text/plain' });
          res.end('Bad request');
        }
        return;
      }
      const isSpeech = req.method === 'POST' && /^\/(v1|openai\/v1|openai\/deployments\/[^/]+)\/audio\/speech$/.test(url.pathname);
      if (!isSpeech) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `No route ${req.method} ${url.pathname}` } }));
        return;
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
      const key = bearer ?? (typeof req.headers['api-key'] === 'string' ? req.headers['api-key'] : null);
      let body: FakeSpeechRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeSpeechRequest['body'];
      } catch {
        // recorded as an empty body: the test says what it expected
      }
      requests.push({ path: `${url.pathname}${url.search}`, key, body, at: Date.now() });
      if (key !== FakeSpeechKey) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${key ?? ''}` } }));
        return;
      }
      const failure = failures.shift();
      if (failure) {
        res.writeHead(failure.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: failure.message } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'transfer-encoding': 'chunked' });
      res.write(FakeMp3Header);
      setTimeout(() => res.end(Buffer.from(String(body.input ?? ''), 'utf8')), chunkDelayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    azureEndpoint: origin,
    requests,
    fail(times, status, message = 'The speech server failed') {
      for (let i = 0; i < times; i += 1) failures.push({ status, message });
    },
    setChunkDelay(ms) {
      chunkDelayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
