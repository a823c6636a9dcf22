// The richer engine, where the host offers it: Debian's python3 with pandas, NumPy, Matplotlib and openpyxl, run
// under bubblewrap. Each run gets new namespaces of every kind (no network interface but a loopback that leads
// nowhere, its own process ids, no view of the host's users), sees /usr (and the few /etc files the libraries
// need: the linker cache, the alternatives links, fonts, matplotlibrc) read-only and nothing else of the host:
// no /home, no /etc/passwd, no server files; /tmp and /mnt/data are small in-memory file systems that die with
// the run. prlimit caps its address space, CPU time, file size and open files; the wall time is watched from
// here (process-watch.ts), and bubblewrap takes the whole sandbox down with it when killed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sandboxAssetsDir } from './sandbox-assets.js';
import { killGroup, watchProcess } from './process-watch.js';
import { stoppedMessage, type ProducedFile, type SandboxEngine, type SandboxFile, type SandboxLimits, type SandboxResult } from './sandbox.types.js';

const Python = '/usr/bin/python3';
const Modules = ['pandas', 'numpy', 'matplotlib', 'openpyxl'];
/** /etc files the libraries read; each is bound read-only when the host has it */
const EtcFiles = ['/etc/ld.so.cache', '/etc/alternatives', '/etc/matplotlibrc', '/etc/fonts', '/etc/localtime'];

const findCommand = (names: string[]) => names.find((f) => fs.existsSync(f)) ?? null;

export interface HostTools {
  bwrap: string;
  prlimit: string;
  pythonVersion: string;
}

function sandboxArgs(tools: HostTools, limits: SandboxLimits): string[] {
  const mb = 1024 * 1024;
  const etc = EtcFiles.filter((f) => fs.existsSync(f)).flatMap((f) => ['--ro-bind', f, f]);
  const symlinks = ['lib', 'lib64', 'bin', 'sbin'].flatMap((d) => {
    try {
      return fs.lstatSync(`/${d}`).isSymbolicLink() ? ['--symlink', fs.readlinkSync(`/${d}`), `/${d}`] : ['--ro-bind', `/${d}`, `/${d}`];
    } catch {
      return [];
    }
  });
  return [
    `--as=${limits.memoryMb * mb}`,
    `--cpu=${Math.ceil(limits.wallMs / 1000)}`,
    `--fsize=${limits.totalFileBytes + limits.outputBytes * 2}`,
    '--nofile=256',
    '--core=0',
    tools.bwrap,
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--ro-bind',
    '/usr',
    '/usr',
    ...symlinks,
    ...etc,
    '--ro-bind',
    sandboxAssetsDir,
    '/sandbox',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(limits.outputBytes * 2 + 16 * mb),
    '--tmpfs',
    '/tmp',
    '--size',
    String(limits.totalFileBytes * 2 + 64 * mb),
    '--tmpfs',
    '/mnt/data',
    '--chdir',
    '/mnt/data',
    '--clearenv',
    '--setenv',
    'HOME',
    '/tmp',
    '--setenv',
    'MPLBACKEND',
    'Agg',
    '--setenv',
    'MPLCONFIGDIR',
    '/tmp',
    '--setenv',
    'OPENBLAS_NUM_THREADS',
    '1',
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    Python,
    '-I',
    '/sandbox/host-runner.py',
  ];
}

/** The host's tools when bubblewrap, prlimit and python3 with the four modules are there and bubblewrap works here; else null. */
export async function detectHostTools(): Promise<HostTools | null> {
  const bwrap = findCommand(['/usr/bin/bwrap', '/bin/bwrap']);
  const prlimit = findCommand(['/usr/bin/prlimit', '/bin/prlimit']);
  if (process.platform !== 'linux' || !bwrap || !prlimit || !fs.existsSync(Python)) return null;
  const tools = { bwrap, prlimit, pythonVersion: '' };
  // inside the sandbox, as a run would: proves that user namespaces work here and the modules import
  const probe = `import sys, ${Modules.join(', ')}; print('%d.%d' % sys.version_info[:2])`;
  const args = sandboxArgs(tools, { wallMs: 60_000, memoryMb: 1024, outputBytes: 1024, fileBytes: 0, totalFileBytes: 0, maxFiles: 0 });
  const version = await new Promise<string | null>((resolve) => {
    const child = spawn(prlimit, [...args.slice(0, -2), '-c', probe], { env: {}, stdio: ['ignore', 'pipe', 'ignore'], timeout: 60_000 });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code === 0 ? out.trim() : null));
  });
  if (!version) return null;
  tools.pythonVersion = version;
  return tools;
}

interface RunnerResult {
  output: string;
  outputTruncated: boolean;
  error: string | null;
  files: { name: string; size: number; data: string | null }[];
}

export class HostEngine implements SandboxEngine {
  readonly name = 'host' as const;
  readonly description: string;

  constructor(private readonly tools: HostTools) {
    this.description = `Python ${tools.pythonVersion} with pandas, NumPy, Matplotlib and openpyxl (bubblewrap)`;
  }

  async run(code: string, files: readonly SandboxFile[], limits: SandboxLimits, signal: AbortSignal): Promise<SandboxResult> {
    const started = performance.now();
    const child = spawn(this.tools.prlimit, sandboxArgs(this.tools, limits), { env: {}, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const watch = watchProcess(child, { wallMs: limits.wallMs, memoryBytes: Number.MAX_SAFE_INTEGER, signal });
    const request = JSON.stringify({ code, limits, files: files.map((f) => ({ name: f.name, data: f.data.toString('base64') })) });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => stdout.push(d));
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(request);
    try {
      const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
        child.once('error', reject);
        child.once('close', (code, sig) => resolve({ code, signal: sig }));
      });
      const durationMs = Math.round(performance.now() - started);
      if (watch.reason === 'aborted') throw signal.reason ?? new Error('aborted');
      let parsed: RunnerResult | null = null;
      if (exit.code === 0) {
        try {
          parsed = JSON.parse(Buffer.concat(stdout).toString('utf8')) as RunnerResult;
        } catch {
          parsed = null;
        }
      }
      if (!parsed) {
        // SIGKILL from prlimit's CPU limit, or a MemoryError that killed the runner itself
        const stopped =
          watch.reason === 'time' || exit.signal === 'SIGKILL' || exit.signal === 'SIGXCPU'
            ? 'time'
            : /MemoryError|Cannot allocate/.test(stderr)
              ? 'memory'
              : 'crash';
        return { output: '', outputTruncated: false, error: stoppedMessage(stopped, limits), stopped, files: [], durationMs };
      }
      const produced: ProducedFile[] = parsed.files.map((f) => ({ name: f.name, size: f.size, data: f.data === null ? null : Buffer.from(f.data, 'base64') }));
      return { output: parsed.output, outputTruncated: parsed.outputTruncated, error: parsed.error, stopped: null, files: produced, durationMs };
    } finally {
      watch.stop();
      killGroup(child);
    }
  }

  async close(): Promise<void> {}
}

export const hostRunnerPath = path.join(sandboxAssetsDir, 'host-runner.py');
