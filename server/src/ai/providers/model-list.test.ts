// The model list's HTTP rules: a time limit, a size limit, the provider's error words, and kind guesses.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, guessKind, ModelListError, openAiModels } from './model-list.js';

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/hang')) return; // never answers
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 6; i++) res.write(chunk);
      res.end();
      return;
    }
    if (req.url === '/error') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'The model list is not here', type: 'invalid_request_error' } }));
      return;
    }
    res.writeHead(500, { 'content-type': 'text/plain' }).end('  upstream   exploded  ');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a ModelListError');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ModelListError);
      return error as ModelListError;
    },
  );

describe('getJson', () => {
  it('stops waiting at the time limit', async () => {
    const started = Date.now();
    const error = await failure(getJson(`${base}/hang?x=1`, {}, new AbortController().signal, 300));
    expect(error.message).toBe(`${base}/hang did not answer within 0.3 s.`);
    expect(error.status).toBeNull();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses an answer larger than a model list can be', async () => {
    const error = await failure(getJson(`${base}/huge`, {}, new AbortController().signal, 5000));
    expect(error.message).toMatch(/more than 5 MB/);
  });

  it("quotes the provider's error message, or its text", async () => {
    expect((await failure(getJson(`${base}/error`, {}, new AbortController().signal, 5000))).message).toBe(
      `${base}/error answered 404: The model list is not here`,
    );
    const plain = await failure(getJson(`${base}/other`, {}, new AbortController().signal, 5000));
    expect(plain).toMatchObject({ status: 500, message: `${base}/other answered 500: upstream exploded` });
  });

  it('says a cancelled test was cancelled', async () => {
    const controller = new AbortController();
    const pending = getJson(`${base}/hang`, {}, controller.signal, 5000);
    controller.abort();
    expect((await failure(pending)).message).toBe('The test was cancelled.');
  });
});

describe('model lists', () => {
  it('guesses the kind from the name', () => {
    expect(['gpt-4o', 'llama3.1:8b', 'claude-sonnet-4-5', 'o3-mini'].map(guessKind)).toEqual(['Chat', 'Chat', 'Chat', 'Chat']);
    expect(['gpt-image-1', 'dall-e-3', 'black-forest-labs/FLUX.1-schnell', 'stabilityai/sdxl-turbo'].map(guessKind)).toEqual(Array(4).fill('ImageGeneration'));
    expect(
      ['text-embedding-3-small', 'text-embedding-ada-002', 'nomic-embed-text:latest', 'Qwen/Qwen3-Embedding-8B', 'BAAI/bge-m3', 'intfloat/e5-large-v2'].map(
        guessKind,
      ),
    ).toEqual(Array(6).fill('Embedding'));
    expect(['whisper-1', 'gpt-4o-transcribe', 'omni-moderation-latest'].map(guessKind)).toEqual(Array(3).fill(null));
    expect(['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts', 'kokoro'].map(guessKind)).toEqual(Array(4).fill('Speech'));
    expect(['BAAI/bge-reranker-v2-m3', 'rerank-v3.5', 'jina-reranker-v2-base-multilingual'].map(guessKind)).toEqual(Array(3).fill('Rerank'));
  });

  it("reads vLLM's context length, and refuses an answer without a list", () => {
    expect(openAiModels({ data: [{ id: 'b', max_model_len: 32768 }, { id: 'a' }, { nope: true }] }, 'http://x/v1/models')).toEqual([
      { id: 'a', displayName: null, baseModel: null, kind: 'Chat', contextWindow: null },
      { id: 'b', displayName: null, baseModel: null, kind: 'Chat', contextWindow: 32768 },
    ]);
    expect(() => openAiModels({ models: [] }, 'http://x/v1/models?a=b')).toThrow('http://x/v1/models answered without a model list');
  });
});
