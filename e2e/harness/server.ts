// Starts the built server as a real process on a free port with its own data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  port: number;
  /** the server process, for measurements such as its memory */
  pid: number;
  dataDir: string;
  /** everything the process printed so far */
  output(): string;
  stop(): Promise<void>;
  /** sends `signal` (SIGKILL: a crash, nothing runs after it) and resolves once the process is gone */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The general rate limits off (server/src/platform/rate-limit.ts): tests and benches drive one person far faster than
 * people click. A test or bench that wants them sets them in `env`.
 */
const RateLimitsOff = { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_TURNS_PER_MINUTE: '0', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '0' };

/** `nodeArgs` go to node itself, e.g. ['--cpu-prof'] for a profile of the server under a benchmark. */
export async function startServer(env: Record<string, string> = {}, options: { nodeArgs?: string[] } = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, 'server/dist/main.js')) || !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
    throw new Error('Build first: npm run build (npm test does it for you)');
  }
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      ...RateLimitsOff,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the end of the output, for failures: a bench at the default log level writes lines per request
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-256_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/api/internal/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    port,
    pid: child.pid ?? -1,
    dataDir,
    output: () => out,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request to the running server's internal API as the holder of `token`, with a JSON body when one is given. */
export const callApi = (server: RunningServer, token: string, method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${server.baseUrl}/api/internal${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

/**
 * The internal API as a test's set-up calls it: `api<T>(method, path, body?)` answers the parsed JSON (undefined for
 * 204) and throws, naming the call, the status and the server's answer, on any status from 300.
 */
export const apiJson =
  (server: RunningServer, token: string) =>
  async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await callApi(server, token, method, path, body);
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };

/** A bearer token for a local account (POST /authorization/Local/GenerateToken). */
export async function localToken(baseUrl: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/internal/authorization/Local/GenerateToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: who.email, password: who.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${who.email} answered ${res.status}`);
  return ((await res.json()) as { n1AIToken: string }).n1AIToken;
}
