// The fake OpenAI-compatible upstream in a process of its own, as a real model server would be: in the
// load generator's process it would share one event loop with the clients it is measured by, and the
// platform path (the upstream streams to the server while the client reads the server) would load that
// loop twice as much as the direct path. Run as a child of the benchmark; scripts arrive over IPC.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI, type FakeScript } from '../../server/src/test/fake-upstreams.js';

type Message = { kind: 'script'; script: FakeScript; id: number } | { kind: 'close' };
type Reply = { kind: 'ready'; url: string } | { kind: 'ack'; id: number };

export interface UpstreamProcess {
  url: string;
  pid: number;
  setScript(script: FakeScript): Promise<void>;
  close(): Promise<void>;
}

/** Starts the fake upstream in a child process with `script` for every request until told otherwise. */
export async function startUpstreamProcess(script: FakeScript): Promise<UpstreamProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(script)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const replies: ((r: Reply) => void)[] = [];
  child.on('message', (r: Reply) => replies.shift()?.(r));
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      replies.push(resolve);
      child.once('exit', (code) => reject(new Error(`the fake upstream exited (${code})`)));
    });
  const ready = await next();
  if (ready.kind !== 'ready') throw new Error('the fake upstream did not start');
  let ids = 0;
  return {
    url: ready.url,
    pid: child.pid ?? -1,
    async setScript(s) {
      const id = ++ids;
      const acked = next();
      child.send({ kind: 'script', script: s, id } satisfies Message);
      await acked;
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ kind: 'close' } satisfies Message);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

// the child: serve until the parent says close (or goes away)
if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  const upstream = await startFakeOpenAI({ script: JSON.parse(process.argv[2] ?? '{}') as FakeScript });
  process.on('message', async (m: Message) => {
    if (m.kind === 'script') {
      upstream.setScript(m.script);
      process.send!({ kind: 'ack', id: m.id } satisfies Reply);
    } else {
      await upstream.close();
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ kind: 'ready', url: upstream.url } satisfies Reply);
}
