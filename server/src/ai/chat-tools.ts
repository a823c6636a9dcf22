// Tools the model may call during one answer, and which of them a turn offers. The model's call ends
// its stream; the orchestrator runs the tool, publishes what the person should see (a step, an image)
// and hands the result back to the model, which goes on with its answer.
import type { FastifyBaseLogger } from 'fastify';
import { canonicalCapability, type Citation } from '@atrium/contract';
import type { ToolCall, ToolSpec } from './model.types.js';
import type { TraceLog } from './chat-trace.js';

export interface ToolContext {
  conversationId: string;
  segmentId: string;
  /** fires when the person stops the answer or leaves */
  signal: AbortSignal;
  /**
   * Writes the conversation and the segment now (normally deferred): a tool that stores something
   * referring to them calls this first. Rejects when they cannot be written.
   */
  persistTurn(): Promise<void>;
  /** the number the next source a tool finds is cited by ([n]), after the knowledge sources' numbers */
  nextSourceNumber(): number;
}

export interface ToolOutcome {
  /** what the model reads back, as JSON */
  output: Record<string, unknown>;
  /** a created image: the person sees it in the answer (generated-image-link) and the saved answer keeps its markdown */
  image?: { title: string; uri: string };
  /** sources the model may cite as [n] (web search results): those the answer cites become its citations */
  sources?: Citation[];
  /** the code interpreter's text for the answer's code output (code-interpreter-updated) */
  codeOutput?: string;
  /** images the code made: shown in the answer like a created image */
  images?: { title: string; uri: string }[];
  /** files the code made: download links in the answer */
  downloads?: { name: string; uri: string }[];
  /** for the execution log; never the prompt (it may quote the conversation) */
  log: { message: string; isError: boolean };
}

export interface ChatTool {
  spec: ToolSpec;
  /** the step-update shown while it runs, e.g. "Creating an image" */
  step: string;
  /** never throws for bad input or an upstream failure: those become an output the model can explain */
  run(input: unknown, context: ToolContext): Promise<ToolOutcome>;
}

/**
 * The capabilities a turn may use: the agent's, narrowed to those a client listed when it says it
 * listed them explicitly (docs/wire-protocol.md answerGenerationOptions). A client can switch a capability off for
 * a question, never on for an agent that does not have it.
 */
export function turnCapabilities(
  agentCapabilities: readonly string[] | undefined,
  options: { capabilities?: string[] | null; capabilitiesExplicitlyProvided?: boolean | null } | null | undefined,
): Set<string> {
  // canonical names (WebSearch is InternetSearch), so that either name switches the same capability
  const agent = new Set((agentCapabilities ?? []).map(canonicalCapability));
  if (!options?.capabilitiesExplicitlyProvided || !options.capabilities) return agent;
  const asked = new Set(options.capabilities.map(canonicalCapability));
  return new Set([...agent].filter((c) => asked.has(c)));
}

/**
 * A tool such as image creation can run for a minute without a byte on the stream; proxies close idle
 * responses (nginx after 60 s by default). Its step-update is repeated meanwhile: an event every
 * client already reads, where a comment line might confuse the simplest ones.
 */
export const ToolStepRepeatMs = 15_000;

/**
 * Runs one call the model made: its step (repeated while it runs), the tool, the execution log. A
 * failure of the tool becomes an output the model can explain; errors for which `fatal()` holds (the
 * answer was stopped, the segment could not be saved) end the turn instead.
 */
export async function runToolCall(
  call: ToolCall,
  o: { tools: readonly ChatTool[]; context: ToolContext; publishStep(text: string): void; trace: TraceLog; logger: FastifyBaseLogger; fatal(): boolean },
): Promise<Pick<ToolOutcome, 'output' | 'image' | 'sources' | 'codeOutput' | 'images' | 'downloads'>> {
  const tool = o.tools.find((t) => t.spec.name === call.toolName);
  if (!tool) {
    o.trace.error(`The model called ${call.toolName}, which this agent does not offer`, 'ToolCall');
    return { output: { error: `There is no tool named ${call.toolName}.` } };
  }
  o.publishStep(tool.step);
  o.trace.info('Step', tool.step);
  const keepAlive = setInterval(() => o.publishStep(tool.step), ToolStepRepeatMs);
  let outcome: ToolOutcome;
  try {
    outcome = await tool.run(call.input, o.context);
  } catch (e) {
    if (o.fatal()) throw e;
    o.logger.error({ err: e, segmentId: o.context.segmentId, tool: call.toolName }, 'chat tool failed');
    o.trace.error(`${call.toolName} failed`, 'ToolCall');
    return { output: { error: 'The tool failed. Tell the person it did not work this time.' } };
  } finally {
    clearInterval(keepAlive);
  }
  if (outcome.log.isError) o.trace.error(outcome.log.message, 'ToolCall');
  else o.trace.info('ToolCall', outcome.log.message);
  const { output, image, sources, codeOutput, images, downloads } = outcome;
  return { output, ...(image ? { image } : {}), ...(sources ? { sources } : {}), ...(codeOutput ? { codeOutput, images, downloads } : {}) };
}
