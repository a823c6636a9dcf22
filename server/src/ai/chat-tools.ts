// Tools the model may call during one answer, and which of them a turn offers. The model's call ends
// its stream; the orchestrator runs the tool, publishes what the person should see (a step, an image)
// and hands the result back to the model, which goes on with its answer.
import type { ToolSpec } from './model.types.js';

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
}

export interface ToolOutcome {
  /** what the model reads back, as JSON */
  output: Record<string, unknown>;
  /** a created image: the person sees it in the answer (generated-image-link) and the saved answer keeps its markdown */
  image?: { title: string; uri: string };
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
 * listed them explicitly (WIRE.md answerGenerationOptions). A client can switch a capability off for
 * a question, never on for an agent that does not have it.
 */
export function turnCapabilities(agentCapabilities: readonly string[] | undefined, options: { capabilities?: string[] | null; capabilitiesExplicitlyProvided?: boolean | null } | null | undefined): Set<string> {
  const agent = new Set(agentCapabilities ?? []);
  if (!options?.capabilitiesExplicitlyProvided || !options.capabilities) return agent;
  const asked = new Set(options.capabilities.map((c) => c.toLowerCase()));
  return new Set([...agent].filter((c) => asked.has(c.toLowerCase())));
}
