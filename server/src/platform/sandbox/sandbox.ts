// The code interpreter's sandbox for this process: which engine runs code (CODE_INTERPRETER_ENGINE: the host's
// python3 under bubblewrap when it works here, else Pyodide from npm, or off), found once at start, and how many
// runs go at once (more wait their turn, in order). Why there is none is said in words the agent editors show.
import type { CodeInterpreterConfig } from '../../config.js';
import { detectHostTools, HostEngine } from './host-engine.js';
import { PyodideEngine, pyodideDir } from './pyodide-engine.js';
import { DefaultSandboxLimits, type SandboxEngine, type SandboxFile, type SandboxLimits, type SandboxResult } from './sandbox.types.js';

export const SandboxReasons = {
  off: 'The code interpreter is switched off on this server (CODE_INTERPRETER_ENGINE=off).',
  noPyodide: 'The code interpreter needs the pyodide package, which is missing from this installation: run npm install.',
  noHost:
    'The code interpreter is set to the host engine, which needs bubblewrap and python3 with pandas, NumPy, Matplotlib and openpyxl, and they are missing or do not work here.',
} as const;

export class CodeSandbox {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    /** null: no engine, for `reason` */
    readonly engine: SandboxEngine | null,
    readonly reason: string | null,
    readonly limits: SandboxLimits,
    private readonly concurrency: number,
  ) {}

  get available(): boolean {
    return this.engine !== null;
  }

  async run(code: string, files: readonly SandboxFile[], signal: AbortSignal): Promise<SandboxResult> {
    if (!this.engine) throw new Error(this.reason ?? 'No sandbox');
    if (this.running >= this.concurrency) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal.removeEventListener('abort', gone);
          resolve();
        };
        const gone = () => {
          this.waiting.splice(this.waiting.indexOf(go), 1);
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        this.waiting.push(go);
        signal.addEventListener('abort', gone, { once: true });
      });
    }
    this.running++;
    try {
      return await this.engine.run(code, files, this.limits, signal);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  async close(): Promise<void> {
    await this.engine?.close();
  }
}

/** The sandbox the configuration asks for; `prewarm` starts Pyodide's first process now rather than at the first run. */
export async function createCodeSandbox(config: CodeInterpreterConfig, o: { prewarm?: boolean } = {}): Promise<CodeSandbox> {
  const limits: SandboxLimits = { ...DefaultSandboxLimits, wallMs: config.timeoutMs, memoryMb: config.memoryMb };
  const make = (engine: SandboxEngine | null, reason: string | null) => new CodeSandbox(engine, reason, limits, config.concurrency);
  if (config.engine === 'off') return make(null, SandboxReasons.off);
  if (config.engine !== 'pyodide') {
    const tools = await detectHostTools();
    if (tools) return make(new HostEngine(tools), null);
    if (config.engine === 'host') return make(null, SandboxReasons.noHost);
  }
  const dir = pyodideDir();
  if (!dir) return make(null, SandboxReasons.noPyodide);
  const engine = new PyodideEngine(dir, limits);
  if (o.prewarm) engine.prewarm();
  return make(engine, null);
}

const shared = new Map<string, Promise<CodeSandbox>>();

/**
 * The process's sandbox for this configuration, found once (the host engine's check runs Python in bubblewrap,
 * about a second): every app of the process with the same settings shares it, and its runs' limit of concurrency.
 */
export function codeSandbox(config: CodeInterpreterConfig, o: { prewarm?: boolean } = {}): Promise<CodeSandbox> {
  const key = JSON.stringify(config);
  let found = shared.get(key);
  if (!found) {
    found = createCodeSandbox(config, o);
    shared.set(key, found);
  }
  return found;
}
