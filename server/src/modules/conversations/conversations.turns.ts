// Plans one chat turn (new conversation, follow-up, regenerate): every check runs here, before any
// row is written or any byte is streamed, so that a refusal leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { InitialTitleLength, type FollowUpBody, type NewConversationBody } from '@atrium/contract';
import type { Principal } from '../../platform/access.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { formatInZone } from '../../platform/timezone.js';
import type { ChatAgent } from '../../ai/agent.types.js';
import type { ChatTurn, SegmentStore } from '../../ai/chat-orchestrator.js';
import { turnCapabilities } from '../../ai/chat-tools.js';
import { imageToolForTurn } from '../../ai/tools/create-image.js';
import { buildMessages, lineageOf, type LineageSegment, type PromptMessage } from '../../ai/chat-prompt.js';
import type { ChatMessage, ResolvedDeployment } from '../../ai/model.types.js';
import type { SegmentRow, VisionImageRow } from '../../db/schema/index.js';
import { renderSystemPrompt } from '../agents/config-states.validation.js';
import * as repo from './conversations.repository.js';
import { presentSegment, segmentIndex } from './conversations.presenter.js';
import type { ConversationsDeps } from './conversations.service.js';
import type { TurnUploads } from '../uploads/uploads.turns.js';
import { ownConversation, refuseInactive } from './conversations.service.js';
import { agentGuidelines, guidelinesForChat, withGuidelines } from '../guidelines/guidelines.chat.js';
import { ProcessId } from '../../platform/server-processes.js';

type TurnFields = Pick<NewConversationBody, 'visionImageIds' | 'attachmentIds' | 'segmentTraceLogLevel' | 'answerGenerationOptions'>;

export type TurnRequest =
  | { kind: 'new'; gptSystemId: string; body: NewConversationBody }
  | { kind: 'follow-up'; conversationId: string; body: FollowUpBody }
  | { kind: 'regenerate'; conversationId: string; segmentId: string; body: TurnFields }
  /** previews of a configuration state (docs/wire-protocol.md): answered with the draft, never the published configuration */
  | { kind: 'preview-new'; configStateId: string; via: PreviewVia; body: NewConversationBody }
  | { kind: 'preview-follow-up'; configStateId: string; via: PreviewVia; conversationId: string; body: FollowUpBody };

type PreviewVia = 'personal' | 'admin';

async function previewAgent(deps: ConversationsDeps, principal: Principal, request: { configStateId: string; via: PreviewVia }): Promise<ChatAgent> {
  if (!deps.previews) throw notFound('The configuration state');
  return deps.previews.getDraftForPreview(principal, request.configStateId, request.via);
}

export interface PlannedTurn {
  turn: ChatTurn;
  store: SegmentStore;
}

export const initialTitle = (question: string) => question.trim().replace(/\s+/g, ' ').slice(0, InitialTitleLength);

function requireQuestion(question: string | null | undefined): string {
  if (!question || question.trim() === '') throw badRequest('The question is empty.', [{ field: 'question', message: 'Ask a question' }]);
  return question;
}

/** The caller's own images and files named by the question (400 otherwise); none where uploads are not wired in. */
async function knownUploads(deps: ConversationsDeps, principal: Principal, fields: TurnFields): Promise<TurnUploads> {
  if (deps.uploads) return deps.uploads.forTurn(principal.userId, fields.visionImageIds, fields.attachmentIds);
  const details = [
    ...(fields.visionImageIds.length ? [{ field: 'visionImageIds', message: 'Unknown vision image id' }] : []),
    ...(fields.attachmentIds.length ? [{ field: 'attachmentIds', message: 'Unknown attachment id' }] : []),
  ];
  if (details.length) throw badRequest('The request names images or attachments that do not exist.', details);
  return { images: [], attachments: [] };
}

const isRegenerate = (lineageType: string | null | undefined) => lineageType?.toLowerCase() === 'regenerate';

function systemPrompt(agent: ChatAgent, principal: Principal, timeZone: string): string {
  const at = new Date();
  const now = `The current date and time is ${formatInZone(at, timeZone)} (${timeZone}).`;
  // {{userName}}, {{date}}, {{gptSystemName}}…: filled in per request (SystemPromptVariables)
  const values = {
    userName: principal.displayName || principal.email,
    userEmail: principal.email,
    date: formatInZone(at, timeZone, 'isoDate'),
    time: formatInZone(at, timeZone, 'time'),
    timeZone,
    gptSystemName: agent.name,
  };
  // docs/wire-protocol.md: systemPrompt holds the platform's instructions, customSystemPrompt the owner's own; the model reads both
  const prompt = [agent.config.systemPrompt, agent.config.customSystemPrompt ?? '']
    .map((p) => renderSystemPrompt(p, values).trim())
    .filter((p) => p !== '')
    .join('\n\n');
  return prompt ? `${prompt}\n\n${now}` : now;
}

/**
 * The messages of the model call: the earlier questions as they were asked (with their files' text and,
 * for a deployment with vision, their images), their answers, and the new question with its own uploads.
 * Images are read from storage only once trimming has decided which go.
 */
async function promptMessages(
  deps: ConversationsDeps,
  t: {
    earlierTurns: readonly repo.LineageRow[];
    earlierUploads: ReadonlyMap<string, TurnUploads>;
    current: PromptMessage<VisionImageRow>;
    system: string;
    deployment: ResolvedDeployment;
  },
): Promise<ChatMessage[]> {
  const uploads = deps.uploads;
  const history: LineageSegment<VisionImageRow>[] = t.earlierTurns.map((s) => {
    const earlier = uploads && t.earlierUploads.get(s.id);
    return earlier ? { ...s, content: uploads.textInput(earlier, s.question, t.deployment).content, images: earlier.images } : s;
  });
  const planned = buildMessages(history, t.current, t.system, t.deployment);
  const last = planned.length - 1;
  return Promise.all(
    planned.map(async (m, i): Promise<ChatMessage> => {
      if (!uploads || !m.images?.length) return { role: m.role, content: m.content };
      const images = await uploads.imagesForModel(m.images, i === last);
      return { role: m.role, content: m.content, ...(images.length ? { images } : {}) };
    }),
  );
}

export async function planTurn(deps: ConversationsDeps, principal: Principal, request: TurnRequest, startedAt: number, timeZone: string): Promise<PlannedTurn> {
  let uploads = await knownUploads(deps, principal, request.body);
  const now = new Date();
  let agent: ChatAgent;
  let conversationId: string;
  let newConversation: repo.NewConversation | null = null;
  let parentSegmentId: string | null = null;
  let regeneratedFromSegmentId: string | null = null;
  let question: string;
  let lineage: repo.LineageRow[] = [];
  /** a regenerated question keeps the images and files it was asked with, unless the request names others */
  let askedWith: repo.LineageRow | null = null;
  /** the first question of an empty conversation (POST /userConversations) becomes its title */
  let firstTitle: string | null = null;

  const preview = request.kind === 'preview-new' || request.kind === 'preview-follow-up' ? request : null;
  if (request.kind === 'new' || request.kind === 'preview-new') {
    question = requireQuestion(request.body.question);
    agent =
      request.kind === 'new' ? refuseInactive(await deps.agents.getForChat(principal, request.gptSystemId)) : await previewAgent(deps, principal, request);
    conversationId = randomUUID();
    newConversation = {
      id: conversationId,
      userId: principal.userId,
      gptSystemId: preview ? null : agent.gptSystemId,
      configStateId: preview?.configStateId ?? null,
      title: initialTitle(question),
      sessionIdentifier: request.body.session?.sessionIdentifier ?? null,
      isTemporary: request.body.isTemporary ?? false,
      brandKey: agent.brandKey,
      createdAt: now,
      lastModifiedAt: now,
    };
  } else {
    const conversation = await ownConversation(deps.db, principal, request.conversationId);
    // a preview continues only under its own configuration state, and never as a normal conversation
    if (preview ? conversation.configStateId !== preview.configStateId : !conversation.gptSystemId || conversation.configStateId)
      throw notFound('The conversation');
    conversationId = conversation.id;
    [agent, lineage] = await Promise.all([
      preview ? previewAgent(deps, principal, preview) : deps.agents.getForChat(principal, conversation.gptSystemId!).then(refuseInactive),
      repo.listLineage(deps.db, conversation.id),
    ]);
    const inConversation = (id: string, field: string) => {
      const s = lineage.find((x) => x.id === id);
      if (!s) throw badRequest('The segment is not part of this conversation.', [{ field, message: 'Not a segment of this conversation' }]);
      return s;
    };
    const body = request.body as FollowUpBody;
    const regenerateOf =
      request.kind === 'regenerate' ? request.segmentId : isRegenerate(body.lineage?.lineageType) ? body.lineage?.parentSegmentId : undefined;
    if (request.kind === 'regenerate' || isRegenerate(body.lineage?.lineageType)) {
      if (!regenerateOf) throw badRequest('Name the segment to regenerate.', [{ field: 'lineage.parentSegmentId', message: 'Required to regenerate' }]);
      // a sibling answering the same question again
      const original = inConversation(regenerateOf, request.kind === 'regenerate' ? 'segmentId' : 'lineage.parentSegmentId');
      question = original.question;
      parentSegmentId = original.parentSegmentId;
      regeneratedFromSegmentId = original.id;
      if (!request.body.visionImageIds.length && !request.body.attachmentIds.length) askedWith = original;
    } else {
      question = requireQuestion(body.question);
      const named = body.lineage?.parentSegmentId ?? body.parentId ?? null;
      if (named) parentSegmentId = inConversation(named, body.lineage?.parentSegmentId ? 'lineage.parentSegmentId' : 'parentId').id;
      // a lineage that names no parent (null) is a new first question: a branch beside the conversation's root
      else if (body.lineage && body.lineage.parentSegmentId === null) parentSegmentId = null;
      else parentSegmentId = lineage.some((s) => s.id === conversation.selectedLeafSegmentId) ? conversation.selectedLeafSegmentId : null;
      if (lineage.length === 0 && conversation.title === '' && !preview) firstTitle = initialTitle(question);
    }
  }

  const deployment = await deps.models.resolve(request.body.answerGenerationOptions?.deploymentIdentifier ?? agent.config.deploymentName);
  const earlierTurns = lineageOf(lineage, parentSegmentId);
  // the agent's guidelines go into the system prompt; a person (not an editor's preview of a draft) must
  // have accepted their current version, else 403 with nothing written. The earlier questions' uploads
  // load meanwhile (no query when none of them named any).
  const [guidelines, earlierUploads] = await Promise.all([
    preview ? agentGuidelines(deps.db, agent.gptSystemId) : guidelinesForChat(deps.db, principal, agent.gptSystemId),
    deps.uploads
      ? deps.uploads.forHistory(principal.userId, askedWith ? [...earlierTurns, askedWith] : earlierTurns, deployment.vision)
      : new Map<string, TurnUploads>(),
  ]);
  if (askedWith) uploads = earlierUploads.get(askedWith.id) ?? uploads;
  const visionImageIds = askedWith?.visionImageIds ?? request.body.visionImageIds;
  const attachmentIds = askedWith?.attachmentIds ?? request.body.attachmentIds;
  const system = withGuidelines(systemPrompt(agent, principal, timeZone), guidelines);
  deps.uploads?.requireVision(uploads, deployment);
  const input = deps.uploads && uploads.attachments.length ? deps.uploads.textInput(uploads, question, deployment) : null;
  const current = { role: 'user' as const, content: input?.content ?? question, images: uploads.images };
  const [messages, imageTool] = await Promise.all([
    promptMessages(deps, { earlierTurns, earlierUploads, current, system, deployment }),
    imageToolForTurn({
      capabilities: turnCapabilities(agent.config.capabilityTypes, request.body.answerGenerationOptions),
      deployment,
      models: deps.models,
      images: deps.generatedImages,
    }),
  ]);
  const segmentId = randomUUID();
  const segment = {
    id: segmentId,
    conversationId,
    parentSegmentId,
    regeneratedFromSegmentId,
    question,
    status: 'InProgress',
    // a process that dies mid-answer leaves this for another (or its restart) to end as interrupted
    ownerProcessId: ProcessId,
    createdAt: now,
    visionImageIds,
    attachmentIds,
    model: deployment.model,
    deploymentName: deployment.name,
    gptSystemId: preview ? null : agent.gptSystemId,
    brandKey: agent.brandKey,
    userId: principal.userId,
  } satisfies repo.NewSegment;

  const title = newConversation?.title ?? firstTitle ?? '';
  const nameIt = async () => {
    if (firstTitle !== null) await repo.setFirstTitle(deps.db, conversationId, firstTitle);
  };
  const uploadIndex = async () => (deps.uploads ? deps.uploads.describe(principal.userId, visionImageIds, attachmentIds) : undefined);
  // the agent's recent use goes into the turn's own statement: one write instead of two
  const use = preview ? null : { userId: principal.userId, gptSystemId: agent.gptSystemId, at: now };
  const store: SegmentStore = {
    async create() {
      await repo.createTurn(deps.db, { conversation: newConversation, segment, at: now, use });
      await nameIt();
    },
    async createFinished(outcome) {
      // every column is written here (feedback starts empty): the row is known without reading it back
      const row: SegmentRow = { ...segment, ...repo.finishedColumns(outcome), feedback: null };
      const [, uploads] = await Promise.all([
        repo.createTurn(deps.db, { conversation: newConversation, segment: row, at: now, use }).then(nameIt),
        uploadIndex(),
      ]);
      return { conversationId, ...presentSegment(row, segmentIndex([row]), uploads) };
    },
    saveProgress: (answer) => repo.saveAnswer(deps.db, segmentId, answer),
    async finish(outcome) {
      const row = await repo.finishSegment(deps.db, segmentId, outcome);
      return { conversationId, ...presentSegment(row, segmentIndex([row]), await uploadIndex()) };
    },
    // bound, not a closure: a queued title keeps this function alive, and a closure here would keep the whole turn
    replaceTitle: repo.replaceInitialTitle.bind(null, deps.db, conversationId, title),
  };
  const level = request.body.segmentTraceLogLevel;
  return {
    store,
    turn: {
      conversationId,
      segmentId,
      deployment,
      system,
      messages,
      params: {
        temperature: agent.config.temperature,
        topP: agent.config.topP,
        frequencyPenalty: agent.config.frequencyPenalty,
        maxTokens: agent.config.maxTokens,
        reasoningEffort: agent.config.reasoningEffort?.toLowerCase() ?? null,
        verbosity: agent.config.verbosity?.toLowerCase() ?? null,
      },
      startedAt,
      persistDebugLogs: !!level && level.toLowerCase() !== 'nonpersisted',
      // a preview is a throwaway: no second model call for its title
      generateTitle: (newConversation !== null || firstTitle !== null) && !preview,
      question,
      ...(input ? { passages: input.passages } : {}),
      ...(imageTool ? { tools: [imageTool] } : {}),
    },
  };
}
