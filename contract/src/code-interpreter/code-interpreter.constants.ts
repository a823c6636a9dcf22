// The code interpreter (the CodeInterpreter capability): the `code-interpreter-updated` stream event carries plain
// text that clients append to the answer's code output (monospace, as it comes). One run of the `run_code` tool
// appends one block: the code, what it printed, its error, the files it wrote. Produced images also go into the
// answer (as generated-image-link), other files as download links to the path below, which serves a file only to
// the conversation's owner.

/** The tool the model calls, and its one parameter `code` (Python). */
export const RunCodeToolName = 'run_code';
/** The step shown while code runs. */
export const RunningCodeStep = 'Running code';
/** Where the attached files are, and where code writes files to hand back. */
export const CodeDataDir = '/mnt/data';

/** One finished run, as the code-interpreter-updated text shows it. */
export interface CodeRunReport {
  code: string;
  stdout: string;
  /** the error the code ended with (a traceback), or why it was stopped */
  error: string | null;
  /** the files it wrote under /mnt/data, by name */
  files: string[];
}

/** The text one run appends to the code output: clients show it as it is. */
export function codeInterpreterUpdateText(run: CodeRunReport): string {
  const parts = [`>>> ${run.code.replace(/\n/g, '\n... ')}`];
  if (run.stdout) parts.push(run.stdout.replace(/\n$/, ''));
  if (run.error) parts.push(run.error.replace(/\n$/, ''));
  if (run.files.length) parts.push(`[files: ${run.files.join(', ')}]`);
  return `${parts.join('\n')}\n\n`;
}

/** The same-origin prefix of the produced files' download paths, which the web client fetches with the person's token. */
export const CodeFilePathPattern = /^\/api\/internal\/userConversations\/[^/]+\/codeInterpreterFiles\//;

/** The markdown an answer gets for a produced file: a link the client downloads. */
export const codeFileMarkdown = (file: { name: string; uri: string }) => `\n\n[${file.name.replace(/[[\]\\]/g, '_')}](${file.uri})\n\n`;
