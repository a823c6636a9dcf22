// What a chat turn is made of, as the conversations module hands it to the chat engine (chat-engine.ts):
// the resolved request (ChatTurn), where its segment is kept (SegmentStore) and what it ends as
// (SegmentOutcome). The conversations module checks everything before a turn is made; nothing in the
// engine refuses.
import type { FastifyBaseLogger } from 'fastify';
import type { Citation, ExecutionLog, ResponseModelEvent, SegmentStatus } from '@atrium/contract';
import type { ChatMessage, ContextPassage, GenerationParams, ModelGateway, ResolvedDeployment } from './model.types.js';
import type { ChatTool } from './chat-tools.js';
import type { TurnKnowledge } from './knowledge-step.js';
import type { TurnModeration } from './moderation-check.js';

export interface ChatTurn {
  conversationId: string;
  segmentId: string;
  deployment: ResolvedDeployment;
  system: string;
  messages: ChatMessage[];
  params: GenerationParams;
  /** performance.now() when the request arrived: time to first token and duration count from here */
  startedAt: number;
  /** keep Debug-level execution logs (segmentTraceLogLevel other than NonPersisted) */
  persistDebugLogs: boolean;
  /** HIPAA mode: the execution logs and the provider's error keep no words of the conversation (ai/chat-trace.ts) */
  withoutContent?: boolean;
  /** replace the first-question title with a generated one after this answer */
  generateTitle: boolean;
  /** the question as asked, when the last message carries more (attached files' text) */
  question?: string;
  /** what the answer may draw on, e.g. attached files' text (the offline engine quotes these) */
  passages?: ContextPassage[];
  /** tools the model may call (only offered to deployments with tools) */
  tools?: ChatTool[];
  /** the number the first source a tool finds is cited by: after the knowledge sources (default 1) */
  firstSourceNumber?: number;
  /** the agent's file libraries: searched before the model answers, its sources numbered in the system prompt */
  knowledge?: TurnKnowledge;
  /** the agent's automatic moderation (moderation-check.ts): the question screened, the answer checked as it streams */
  moderation?: TurnModeration;
}

export interface SegmentOutcome {
  answer: string;
  status: Exclude<SegmentStatus, 'InProgress'>;
  citations: Citation[];
  answeredWithModel: { displayName: string; category: string };
  usage: {
    model: string;
    deploymentName: string;
    promptTokens: number;
    completionTokens: number;
    tokensEstimated: boolean;
    timeToFirstTokenMs: number | null;
    durationMs: number;
  };
  executionLogs: ExecutionLog[];
  completedAt: Date;
  /** the provider's own error text, credentials removed: administrators read it by the reference people were given */
  providerError: string | null;
  /** the code interpreter's output shown with the answer; null when no code ran */
  codeInterpreterOutput?: string | null;
}

/** Persistence of one segment, provided by the conversations module. */
export interface SegmentStore {
  /** writes the conversation (when new) and the InProgress segment */
  create(): Promise<void>;
  /** writes the conversation (when new) and the finished segment at once: a turn that ended before create() was needed */
  createFinished(outcome: SegmentOutcome): Promise<ResponseModelEvent>;
  /** keeps the answer so far, so that a crash mid-answer loses little */
  saveProgress(answer: string): Promise<void>;
  /** writes the final answer, status and usage; returns the segment as clients read it */
  finish(outcome: SegmentOutcome): Promise<ResponseModelEvent>;
  /** queues the generation of the conversation's title (a job; never throws, never waits for the model) */
  queueTitle(): void;
}

/** What one turn is run with: the request's logger, and the model gateway. */
export interface ChatDeps {
  models: ModelGateway;
  logger: FastifyBaseLogger;
}

/** The question as asked (the last message may carry attached files' text as well). */
export const questionOf = (turn: ChatTurn): string => turn.question ?? turn.messages[turn.messages.length - 1]?.content ?? '';
