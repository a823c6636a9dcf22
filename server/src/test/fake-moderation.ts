// A fake OpenAI-compatible moderation service on 127.0.0.1: `POST /v1/moderations` flags an input containing any of
// its flagged words (category "harassment"), records every input, and can be told to fail.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeModeration {
  /** base URL for an agent's moderation endpoint, e.g. http://127.0.0.1:1234/v1 */
  url: string;
  inputs: string[];
  /** bearer tokens sent, in order */
  authorizations: Array<string | undefined>;
  flaggedWords: Set<string>;
  /** answer 500 to every request while set */
  failing: boolean;
  close(): Promise<void>;
}

export async function startFakeModeration(flaggedWords: string[] = []): Promise<FakeModeration> {
  const fake = { inputs: [] as string[], authorizations: [] as Array<string | undefined>, flaggedWords: new Set(flaggedWords), failing: false };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/moderations') {
        res.writeHead(404).end();
        return;
      }
      if (fake.failing) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
        return;
      }
      const { input, model } = JSON.parse(body) as { input: string; model?: string };
      fake.inputs.push(input);
      fake.authorizations.push(req.headers.authorization);
      const flagged = [...fake.flaggedWords].some((w) => input.toLowerCase().includes(w));
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'modr-1',
          model: model ?? 'omni-moderation-latest',
          results: [{ flagged, categories: { harassment: flagged, violence: false } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
