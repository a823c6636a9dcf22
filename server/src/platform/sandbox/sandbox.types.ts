// What a sandbox engine runs and returns (sandbox.ts chooses the engine). One run: Python code, the files it
// finds in /mnt/data, and the limits it runs within.

export interface SandboxFile {
  /** a plain file name (no folders), as it appears in /mnt/data */
  name: string;
  data: Buffer;
}

export interface SandboxLimits {
  /** the longest a run may take, start to end, in ms (its CPU time can be no longer) */
  wallMs: number;
  /** the memory a run may use, in MB (resident size of its process; the host engine's address space) */
  memoryMb: number;
  /** what the code may print (stdout and stderr together); more is cut */
  outputBytes: number;
  /** the largest file handed back, and all of them together; larger ones are listed without content */
  fileBytes: number;
  totalFileBytes: number;
  /** files handed back at most */
  maxFiles: number;
}

export interface ProducedFile {
  name: string;
  size: number;
  /** null when over a limit (listed, not handed back) */
  data: Buffer | null;
}

export interface SandboxResult {
  output: string;
  outputTruncated: boolean;
  /** the code's traceback, or why the run was stopped */
  error: string | null;
  /** why the sandbox stopped the run, when it did */
  stopped: 'time' | 'memory' | 'crash' | null;
  files: ProducedFile[];
  durationMs: number;
}

export type SandboxEngineName = 'pyodide' | 'host';

export interface SandboxEngine {
  name: SandboxEngineName;
  /** what people and administrators read about it, e.g. "Python 3.11 with pandas, NumPy, Matplotlib, openpyxl (bubblewrap)" */
  description: string;
  run(code: string, files: readonly SandboxFile[], limits: SandboxLimits, signal: AbortSignal): Promise<SandboxResult>;
  close(): Promise<void>;
}

export const DefaultSandboxLimits: SandboxLimits = {
  wallMs: 30_000,
  memoryMb: 512,
  outputBytes: 64 * 1024,
  fileBytes: 10 * 1024 * 1024,
  totalFileBytes: 20 * 1024 * 1024,
  maxFiles: 10,
};

/** The error text of a stopped run, in words for the model and the person. */
export function stoppedMessage(stopped: NonNullable<SandboxResult['stopped']>, limits: SandboxLimits): string {
  switch (stopped) {
    case 'time':
      return `The code was stopped: it ran longer than the limit of ${Math.round(limits.wallMs / 1000)} seconds.`;
    case 'memory':
      return `The code was stopped: it used more than the limit of ${limits.memoryMb} MB of memory.`;
    case 'crash':
      return 'The code was stopped: the Python process ended unexpectedly.';
  }
}
