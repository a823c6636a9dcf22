// The engine that works wherever the server does: Pyodide (CPython in WebAssembly, from npm; its standard library,
// no other packages) in a Node process of its own per run (assets/sandbox/pyodide-runner.mjs says what that
// process closes off). The process runs under Node's permission model, reading only Pyodide's folder and the
// runner's, writing nothing, starting no other process; with an empty environment; where Linux lets an
// unprivileged process have a network namespace of its own (`unshare --net`), it gets one with no interface.
// One process is kept loaded ahead (Python takes seconds to start), used by one run only and then killed, so no
// run can see another's files or state.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sandboxAssetsDir } from './sandbox-assets.js';
import { killGroup, watchProcess } from './process-watch.js';
import { stoppedMessage, type SandboxEngine, type SandboxFile, type SandboxLimits, type SandboxResult } from './sandbox.types.js';

/** The folder of the npm package `pyodide` (pyodide.mjs, the WebAssembly module, the standard library), or null. */
export function pyodideDir(): string | null {
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
    return fs.existsSync(path.join(dir, 'pyodide.asm.wasm')) && fs.existsSync(path.join(dir, 'python_stdlib.zip')) ? dir : null;
  } catch {
    return null;
  }
}

/** Whether this host lets an unprivileged process have a network namespace of its own (checked once). */
let ownNetwork: string | null | undefined;
export function unshareCommand(): string | null {
  if (ownNetwork !== undefined) return ownNetwork;
  const command = ['/usr/bin/unshare', '/bin/unshare'].find((f) => fs.existsSync(f)) ?? null;
  const works =
    command && process.platform === 'linux' && spawnSync(command, ['--net', '--map-root-user', 'true'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  ownNetwork = works ? command : null;
  return ownNetwork;
}

/** How long Python may take to load before a run gives up on it (seconds on a busy machine; ~1 s on an idle one). */
const StartupMs = 60_000;

interface Warm {
  child: ChildProcess;
  ready: Promise<void>;
}

export class PyodideEngine implements SandboxEngine {
  readonly name = 'pyodide' as const;
  readonly description = 'Python (Pyodide, standard library only)';
  private warm: Warm | null = null;
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly limits: SandboxLimits,
  ) {}

  /** Starts a process ahead of the next run. */
  prewarm(): void {
    if (!this.warm && !this.closed) this.warm = this.start();
  }

  private start(): Warm {
    const runner = path.join(sandboxAssetsDir, 'pyodide-runner.mjs');
    const execArgv = [
      '--experimental-permission',
      `--allow-fs-read=${this.dir}${path.sep}*`,
      `--allow-fs-read=${sandboxAssetsDir}${path.sep}*`,
      // the module hook of the runner runs on a thread of its own; the runner refuses worker_threads to the code
      '--allow-worker',
      `--max-old-space-size=${Math.max(64, Math.floor(this.limits.memoryMb / 2))}`,
      '--no-warnings',
    ];
    const unshare = unshareCommand();
    const child = fork(runner, [this.dir], {
      execArgv,
      env: {},
      cwd: this.dir,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      ...(unshare ? { execPath: unshare, execArgv: ['--net', '--map-root-user', process.execPath, ...execArgv] } : {}),
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: unknown) => {
        if ((m as { ready?: boolean }).ready) {
          child.off('exit', onExit);
          resolve();
        }
      };
      const onExit = () => reject(new Error(`The Pyodide sandbox did not start: ${stderr.trim().slice(-1000)}`));
      child.once('message', onMessage);
      child.once('exit', onExit);
    });
    ready.catch(() => undefined);
    child.unref();
    return { child, ready };
  }

  async run(code: string, files: readonly SandboxFile[], limits: SandboxLimits, signal: AbortSignal): Promise<SandboxResult> {
    const started = performance.now();
    const warm = this.warm ?? this.start();
    this.warm = null;
    // the next run's process loads while this one runs
    if (!this.closed) queueMicrotask(() => this.prewarm());
    const { child } = warm;
    // a process still loading Python (the first run, or runs in quick succession) has its own time to get ready;
    // the run's wall time starts when the code does
    const loading = watchProcess(child, { wallMs: StartupMs, memoryBytes: limits.memoryMb * 1024 * 1024, signal });
    try {
      await warm.ready;
    } catch (e) {
      if (loading.reason === 'aborted') throw signal.reason ?? e;
      throw e;
    } finally {
      loading.stop();
    }
    const watch = watchProcess(child, { wallMs: limits.wallMs, memoryBytes: limits.memoryMb * 1024 * 1024, signal });
    try {
      const result = await new Promise<Omit<SandboxResult, 'stopped' | 'durationMs'> | null>((resolve, reject) => {
        child.once('exit', () => resolve(null));
        const onResult = (m: unknown) => {
          if ((m as { ready?: boolean }).ready) return;
          child.off('message', onResult);
          resolve(m as Omit<SandboxResult, 'stopped' | 'durationMs'>);
        };
        child.on('message', onResult);
        child.send({ code, files: files.map((f) => ({ name: f.name, data: f.data })), limits }, (e) => e && reject(e));
      });
      const durationMs = Math.round(performance.now() - started);
      if (result) {
        return {
          ...result,
          files: result.files.map((f) => ({ ...f, data: f.data ? Buffer.from(f.data) : null })),
          stopped: null,
          durationMs,
        };
      }
      const stopped = watch.reason === 'time' || watch.reason === 'memory' ? watch.reason : watch.reason === 'aborted' ? 'time' : 'crash';
      if (watch.reason === 'aborted') throw signal.reason ?? new Error('aborted');
      return { output: '', outputTruncated: false, error: stoppedMessage(stopped, limits), stopped, files: [], durationMs };
    } finally {
      watch.stop();
      killGroup(child);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.warm) killGroup(this.warm.child);
    this.warm = null;
  }
}
