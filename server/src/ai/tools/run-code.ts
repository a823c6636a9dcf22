// The CodeInterpreter capability as a tool: the model writes Python, the sandbox (platform/sandbox) runs it with the
// files attached as CodeInterpreter in /mnt/data, and what came of it goes three ways: the person sees the code and
// its output in the answer's code output (code-interpreter-updated), the images it made in the answer and the other
// files as download links; the model reads the output, the error and the list of files.
import { z } from 'zod';
import { codeInterpreterUpdateText, RunCodeToolName, RunningCodeStep } from '@atrium/contract';
import type { ChatTool, ToolOutcome } from '../chat-tools.js';
import type { CodeSandbox } from '../../platform/sandbox/sandbox.js';
import type { SandboxFile } from '../../platform/sandbox/sandbox.types.js';
import { sniffImageType, type GeneratedImageStore } from './create-image.js';

/** Runs in one answer: enough for a few attempts at an analysis, not a model stuck in a loop. */
export const MaxRunsPerAnswer = 8;
/** What the model reads of the output: the person sees all of it (up to the sandbox's limit). */
const ModelOutputChars = 20_000;
const CodeMaxChars = 100_000;

/** Keeps a produced file and tells the address that downloads it (the code-interpreter module provides it). */
export interface CodeFileStore {
  save(file: { conversationId: string; segmentId: string; name: string; data: Buffer }): Promise<{ uri: string }>;
}

/** A name that is safe as a file in /mnt/data and in a blob key: letters, digits, dot, dash, underscore. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || 'file';
}

/** The attached files under names unique in /mnt/data (a second "data.csv" becomes "data-2.csv"). */
export function uniqueNames(files: readonly SandboxFile[]): SandboxFile[] {
  const taken = new Set<string>();
  return files.map((f) => {
    const safe = safeFileName(f.name);
    let name = safe;
    for (let n = 2; taken.has(name); n++) name = safe.replace(/(\.[^.]*)?$/, (ext) => `-${n}${ext ?? ''}`);
    taken.add(name);
    return { name, data: f.data };
  });
}

const Input = z.object({ code: z.string().min(1).max(CodeMaxChars) });

const inputSchema = {
  type: 'object',
  properties: {
    code: {
      type: 'string',
      description:
        'Python 3 code to run. Print what you need to read; the value of a last bare expression is printed too. Files the person attached are in /mnt/data; ' +
        'write files you make (CSV, Excel, charts as PNG) to /mnt/data and they are handed to the person.',
    },
  },
  required: ['code'],
  additionalProperties: false,
};

export function runCodeTool(deps: {
  sandbox: CodeSandbox;
  /** the files of the turn in /mnt/data (read once, on the first run) */
  inputs: () => Promise<SandboxFile[]>;
  files: CodeFileStore;
  images: GeneratedImageStore;
}): ChatTool {
  let runs = 0;
  let inputs: Promise<SandboxFile[]> | null = null;
  const engine = deps.sandbox.engine!;
  const failed = (message: string, log: string): ToolOutcome => ({ output: { error: message }, log: { message: log, isError: true } });
  return {
    step: RunningCodeStep,
    spec: {
      name: RunCodeToolName,
      description:
        `Runs Python code in a sandbox (${engine.description}) without network access and returns what it printed, its error and the files it wrote. ` +
        'Use it to compute, to analyse the attached files (in /mnt/data) and to make charts or files for the person. ' +
        `Each run starts afresh: nothing is kept between runs but the attached files. At most ${Math.round(deps.sandbox.limits.wallMs / 1000)} seconds per run.`,
      inputSchema,
    },
    async run(input, context) {
      const parsed = Input.safeParse(input);
      if (!parsed.success) return failed(`The input needs the Python code to run (1 to ${CodeMaxChars} characters).`, 'run_code was called without code');
      if (runs >= MaxRunsPerAnswer)
        return failed(`At most ${MaxRunsPerAnswer} runs are allowed in one answer.`, `run_code refused: more than ${MaxRunsPerAnswer} runs in one answer`);
      runs += 1;
      const code = parsed.data.code;
      inputs ??= deps.inputs().then(uniqueNames);
      const result = await deps.sandbox.run(code, await inputs, context.signal);

      const handed = result.files.filter((f) => f.data !== null);
      if (handed.length) await context.persistTurn();
      const images: { title: string; uri: string }[] = [];
      const downloads: { name: string; uri: string }[] = [];
      const listed: { name: string; size: number; shownAs: string }[] = [];
      for (const file of result.files) {
        const name = safeFileName(file.name);
        if (!file.data) {
          listed.push({ name, size: file.size, shownAs: 'not handed to the person: larger than the limit' });
          continue;
        }
        const contentType = sniffImageType(file.data);
        if (contentType) {
          const { uri } = await deps.images.save({
            conversationId: context.conversationId,
            segmentId: context.segmentId,
            title: name,
            prompt: code.slice(0, 4000),
            data: file.data,
            contentType,
            deploymentName: `code interpreter (${engine.name})`,
          });
          images.push({ title: name, uri });
          listed.push({ name, size: file.size, shownAs: 'image shown in the answer' });
        } else {
          const { uri } = await deps.files.save({ conversationId: context.conversationId, segmentId: context.segmentId, name, data: file.data });
          downloads.push({ name, uri });
          listed.push({ name, size: file.size, shownAs: 'download link under the answer' });
        }
      }
      const output = result.outputTruncated ? `${result.output}\n[output cut at ${deps.sandbox.limits.outputBytes} bytes]` : result.output;
      const modelOutput =
        output.length > ModelOutputChars ? `${output.slice(0, ModelOutputChars)}\n[… ${output.length - ModelOutputChars} more characters]` : output;
      return {
        output: {
          ...(modelOutput ? { output: modelOutput } : { output: '(nothing printed)' }),
          ...(result.error ? { error: result.error } : {}),
          ...(listed.length ? { files: listed } : {}),
          ...(result.stopped ? { note: 'The sandbox stopped this run. Tell the person, and try a smaller or faster approach if it helps.' } : {}),
          ...(images.length || downloads.length
            ? { shown: 'The images and files are already shown to the person in your answer. Do not link or embed them yourself.' }
            : {}),
        },
        codeOutput: codeInterpreterUpdateText({ code, stdout: output, error: result.error, files: listed.map((f) => f.name) }),
        images,
        downloads,
        log: {
          message: result.stopped
            ? `Code was stopped by the ${engine.name} sandbox (${result.stopped}) after ${result.durationMs} ms`
            : `Ran code in the ${engine.name} sandbox in ${result.durationMs} ms${result.error ? ', ending with an error' : ''}; ${result.files.length} file(s)`,
          isError: result.stopped !== null,
        },
      };
    },
  };
}

/**
 * The tool for one turn, or null: offered when the turn may run code (CodeInterpreter), its chat deployment can
 * call tools, and this server has a sandbox engine.
 */
export async function codeToolForTurn(options: {
  capabilities: ReadonlySet<string>;
  toolsAllowed: boolean;
  sandbox: () => Promise<CodeSandbox>;
  inputs: () => Promise<SandboxFile[]>;
  files: CodeFileStore;
  images: GeneratedImageStore;
}): Promise<ChatTool | null> {
  if (!options.toolsAllowed || !options.capabilities.has('CodeInterpreter')) return null;
  const sandbox = await options.sandbox();
  return sandbox.available ? runCodeTool({ sandbox, inputs: options.inputs, files: options.files, images: options.images }) : null;
}
