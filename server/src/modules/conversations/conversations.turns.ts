// Plans one chat turn (new conversation, follow-up, regenerate): every check runs here, before any
// row is written or any byte is streamed, so that a refusal leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { InitialTitleLength, type FollowUpBody, type NewConversationBody } from '@atrium/contract';
import { badRequest, notFound } from '../../platform/errors.js';
import { formatInZone } from '../../platform/timezone.js';
import type { ChatAgent } from '../../ai/agent.types.js';
import type { ChatTurn, SegmentOutcome, SegmentStore } from '../../ai/chat-turn.js';
import { turnCapabilities } from '../../ai/chat-tools.js';
import { imageToolForTurn } from '../../ai/tools/create-image.js';
import { webSearchToolsForTurn } from '../../ai/tools/web-search.js';
import { codeToolForTurn } from '../../ai/tools/run-code.js';
import { numberSources, standaloneQuestion, traceLines, type KnowledgeSearch, type TurnKnowledge } from '../../ai/knowledge-step.js';
import { buildMessages, lineageOf, type LineageSegment, type PromptMessage } from '../../ai/chat-prompt.js';
import type { ChatMessage, ResolvedDeployment } from '../../ai/model.types.js';
import type { SegmentRow, VisionImageRow } from '../../db/schema/index.js';
import { hasCapability, renderSystemPrompt } from '../agents/drafts/config-states.validation.js';
import * as repo from './conversations.repository.js';
import { presentSegment, segmentIndex } from './conversations.presenter.js';
import type { ConversationsContext } from './conversations.service.js';
import { type ImageOwner, type TurnUploads } from '../uploads/uploads.turns.js';
import { isVisitor, ownConversation, refuseInactive, signedIn, type Caller, type Visitor } from './conversations.service.js';
import { agentGuidelines, guidelinesForChat, withGuidelines } from '../guidelines/guidelines.chat.js';
import { ProcessId } from '../../platform/server-processes.js';
import { queueTitle } from './conversations.titles.js';
import { hipaaMode } from '../instance/instance.hipaa.js';
import { checkTurn } from '../usage-limits/usage-limits.service.js';
import { claimTurn } from '../usage-limits/usage-limits.claims.js';
import { turnModeration } from '../moderation/moderation.automatic.js';
import type { AnswerOwner } from '../../platform/answer-log.js';
import type { LeaseNote } from '../../platform/answer-leases.js';

type TurnFields = Pick<NewConversationBody, 'visionImageIds' | 'attachmentIds' | 'segmentTraceLogLevel' | 'answerGenerationOptions'>;

export type TurnRequest =
  /**
   * a person's first question; a performance test's question names its run (docs/performance-tests.md): its conversation
   * stays out of the person's list, no usage limit refuses it, no title is made and the agent's guidelines need no consent
   */
  | { kind: 'new'; gptSystemId: string; body: NewConversationBody; performanceTestRunId?: string }
  /** a public endpoint's visitor's first question (docs/public-chat.md): the caller is the Visitor, with its agent */
  | { kind: 'public-new'; body: NewConversationBody }
  | { kind: 'follow-up'; conversationId: string; body: FollowUpBody }
  | { kind: 'regenerate'; conversationId: string; segmentId: string; body: TurnFields }
  /** previews of a configuration state (docs/wire-protocol.md): answered with the draft, never the published configuration */
  | { kind: 'preview-new'; configStateId: string; via: PreviewVia; body: NewConversationBody }
  | { kind: 'preview-follow-up'; configStateId: string; via: PreviewVia; conversationId: string; body: FollowUpBody }
  /**
   * an answer another process was writing when it died, taken over by this one (conversations.takeover.ts): its
   * segment's row, claimed; asked again as it was asked, with the agent as it is now
   */
  | { kind: 'resume'; segment: SegmentRow; body: TurnFields };

type PreviewVia = 'personal' | 'admin';

async function previewAgent(ctx: ConversationsContext, caller: Caller, request: { configStateId: string; via: PreviewVia }): Promise<ChatAgent> {
  return ctx.previews.getDraftForPreview(signedIn(caller), request.configStateId, request.via);
}

/** The visitor of a public endpoint's turn; a person never takes this path. */
function visitorOf(caller: Caller): Visitor {
  if (!isVisitor(caller)) throw notFound('The conversation');
  return caller;
}

const NoUploads: TurnUploads = { images: [], attachments: [] };

export interface PlannedTurn {
  turn: ChatTurn;
  store: SegmentStore;
  /** who may read the answer back or stop it (ai/resumable-answers.ts) */
  owner: AnswerOwner;
  /** a usage limit's threshold message (or a budget's warning) to show with the turn (docs/usage-limits.md) */
  usageNotice?: string | null;
  /**
   * what another process needs to take the answer over if this one dies (platform/answer-leases.ts); null for the
   * answers that are not taken over: a visitor's (not kept), a preview's and a performance test's
   */
  lease: LeaseNote | null;
}

/** The person who asks, or the visitor's session of the endpoint. */
const answerOwner = (caller: Caller, conversationId: string): AnswerOwner =>
  isVisitor(caller)
    ? { conversationId, endpointName: caller.endpointName, sessionIdentifier: caller.sessionIdentifier }
    : { conversationId, userId: caller.userId };

export const initialTitle = (question: string) => question.trim().replace(/\s+/g, ' ').slice(0, InitialTitleLength);

function requireQuestion(question: string | null | undefined): string {
  if (!question || question.trim() === '') throw badRequest('The question is empty.', [{ field: 'question', message: 'Ask a question' }]);
  return question;
}

/** Whose uploads a turn may name: a person's, or a visitor's images of their endpoint and session. */
export const uploadOwnerOf = (caller: Caller): ImageOwner =>
  isVisitor(caller) ? { endpointName: caller.endpointName, sessionIdentifier: caller.sessionIdentifier } : caller.userId;

/** The caller's own images and files named by the question (400 otherwise); a visitor may name their own images, no files. */
async function knownUploads(ctx: ConversationsContext, caller: Caller, fields: TurnFields): Promise<TurnUploads> {
  if (isVisitor(caller) && fields.attachmentIds.length)
    throw badRequest(
      'Files cannot be attached here.',
      fields.attachmentIds.map((_, i) => ({ field: `attachmentIds.${i}`, message: 'Visitors cannot attach files' })),
    );
  if (!fields.visionImageIds.length && !fields.attachmentIds.length) return NoUploads;
  return ctx.uploads.forTurn(uploadOwnerOf(caller), fields.visionImageIds, fields.attachmentIds);
}

const isRegenerate = (lineageType: string | null | undefined) => lineageType?.toLowerCase() === 'regenerate';

/** What {{userName}} reads for a public endpoint's visitor, who has no name and no email address (unless a signed token gives them). */
export const VisitorUserName = 'Visitor';

function systemPrompt(agent: ChatAgent, caller: Caller, timeZone: string): string {
  const person = isVisitor(caller)
    ? { name: caller.signed?.name ?? caller.signed?.email ?? VisitorUserName, email: caller.signed?.email ?? '' }
    : { name: caller.displayName || caller.email, email: caller.email };
  const at = new Date();
  const now = `The current date and time is ${formatInZone(at, timeZone)} (${timeZone}).`;
  // {{userName}}, {{date}}, {{gptSystemName}}…: filled in per request (SystemPromptVariables)
  const values = {
    userName: person.name,
    userEmail: person.email,
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
  ctx: ConversationsContext,
  t: {
    earlierTurns: readonly repo.LineageRow[];
    earlierUploads: ReadonlyMap<string, TurnUploads>;
    current: PromptMessage<VisionImageRow>;
    system: string;
    deployment: ResolvedDeployment;
  },
): Promise<ChatMessage[]> {
  const uploads = ctx.uploads;
  const history: LineageSegment<VisionImageRow>[] = t.earlierTurns.map((s) => {
    const earlier = t.earlierUploads.get(s.id);
    return earlier ? { ...s, content: uploads.textInput(earlier, s.question, t.deployment).content, images: earlier.images } : s;
  });
  const planned = buildMessages(history, t.current, t.system, t.deployment);
  const last = planned.length - 1;
  return Promise.all(
    planned.map(async (m, i): Promise<ChatMessage> => {
      if (!m.images?.length) return { role: m.role, content: m.content };
      const images = await uploads.imagesForModel(m.images, i === last);
      return { role: m.role, content: m.content, ...(images.length ? { images } : {}) };
    }),
  );
}

/** What each kind of request resolves to, before the prompt is assembled. */
interface TurnBasis {
  agent: ChatAgent;
  conversationId: string;
  /** the conversation to create with the turn (a new one) */
  newConversation: repo.NewConversation | null;
  parentSegmentId: string | null;
  regeneratedFromSegmentId: string | null;
  question: string;
  /** the conversation's segments so far */
  lineage: repo.LineageRow[];
  /** a regenerated question keeps the images and files it was asked with, unless the request names others */
  askedWith: repo.LineageRow | null;
  /** the first question of an empty conversation (POST /userConversations) becomes its title */
  firstTitle: string | null;
  /** answered with a configuration state's draft (never the published configuration) */
  preview: boolean;
  /** asked by this performance test run */
  performanceTestRunId: string | null;
  /** a taken-over answer: its segment's row (it exists), and whether its conversation's title is still to be made */
  resumed?: { row: SegmentRow; titleDue: boolean };
}

type NewRequest = Extract<TurnRequest, { kind: 'new' | 'preview-new' | 'public-new' }>;
type ContinuingRequest = Exclude<TurnRequest, NewRequest | { kind: 'resume' }>;

/** A first question: a new conversation with the agent (or the draft previewed). */
async function startConversation(ctx: ConversationsContext, caller: Caller, request: NewRequest, now: Date): Promise<TurnBasis> {
  const question = requireQuestion(request.body.question);
  const preview = request.kind === 'preview-new' ? request : null;
  const visitor = request.kind === 'public-new' ? visitorOf(caller) : null;
  const agent =
    request.kind === 'public-new'
      ? refuseInactive(visitorOf(caller).agent)
      : request.kind === 'new'
        ? refuseInactive(await ctx.agents.getForChat(signedIn(caller), request.gptSystemId))
        : await previewAgent(ctx, caller, request);
  const conversationId = randomUUID();
  const performanceTestRunId = (request.kind === 'new' && request.performanceTestRunId) || null;
  return {
    agent,
    conversationId,
    performanceTestRunId,
    newConversation: {
      id: conversationId,
      userId: visitor ? null : signedIn(caller).userId,
      gptSystemId: preview ? null : agent.gptSystemId,
      configStateId: preview?.configStateId ?? null,
      title: initialTitle(question),
      // a visitor's conversation belongs to the session identifier and endpoint that started it
      sessionIdentifier: visitor ? visitor.sessionIdentifier : (request.body.session?.sessionIdentifier ?? null),
      publicEndpointName: visitor?.endpointName ?? null,
      clientAddress: visitor?.clientAddress ?? null,
      isTemporary: visitor ? false : (request.body.isTemporary ?? false),
      brandKey: agent.brandKey,
      performanceTestRunId,
      createdAt: now,
      lastModifiedAt: now,
    },
    parentSegmentId: null,
    regeneratedFromSegmentId: null,
    question,
    lineage: [],
    askedWith: null,
    firstTitle: null,
    preview: !!preview,
  };
}

/** The caller's conversation, its agent and its segments; a preview continues only under its own configuration state. */
async function openConversation(ctx: ConversationsContext, caller: Caller, request: ContinuingRequest) {
  const preview = request.kind === 'preview-follow-up' ? request : null;
  const conversation = await ownConversation(ctx, caller, request.conversationId);
  if (preview ? conversation.configStateId !== preview.configStateId : !conversation.gptSystemId || conversation.configStateId)
    throw notFound('The conversation');
  // a visitor continues only with the endpoint's agent as it is published now
  if (isVisitor(caller) && (preview || conversation.gptSystemId !== caller.agent.gptSystemId)) throw notFound('The conversation');
  const [agent, lineage] = await Promise.all([
    preview
      ? previewAgent(ctx, caller, preview)
      : isVisitor(caller)
        ? refuseInactive(caller.agent)
        : ctx.agents.getForChat(caller, conversation.gptSystemId!).then(refuseInactive),
    repo.listLineage(ctx.db, conversation.id),
  ]);
  const segment = (id: string, field: string) => {
    const s = lineage.find((x) => x.id === id);
    if (!s) throw badRequest('The segment is not part of this conversation.', [{ field, message: 'Not a segment of this conversation' }]);
    return s;
  };
  return { conversation, agent, lineage, segment, preview: !!preview };
}

type OpenedConversation = Awaited<ReturnType<typeof openConversation>>;

/** The same question answered again: a sibling of the original answer. */
function regenerate(opened: OpenedConversation, segmentId: string | null | undefined, field: string, fields: TurnFields): TurnBasis {
  if (!segmentId) throw badRequest('Name the segment to regenerate.', [{ field, message: 'Required to regenerate' }]);
  const original = opened.segment(segmentId, field);
  return {
    agent: opened.agent,
    conversationId: opened.conversation.id,
    newConversation: null,
    parentSegmentId: original.parentSegmentId,
    regeneratedFromSegmentId: original.id,
    question: original.question,
    lineage: opened.lineage,
    askedWith: !fields.visionImageIds.length && !fields.attachmentIds.length ? original : null,
    firstTitle: null,
    preview: opened.preview,
    performanceTestRunId: null,
  };
}

/** A new question in the conversation, after the segment it names (or the selected leaf). */
function followUp(opened: OpenedConversation, body: FollowUpBody): TurnBasis {
  const { conversation, lineage } = opened;
  const question = requireQuestion(body.question);
  const named = body.lineage?.parentSegmentId ?? body.parentId ?? null;
  let parentSegmentId: string | null;
  if (named) parentSegmentId = opened.segment(named, body.lineage?.parentSegmentId ? 'lineage.parentSegmentId' : 'parentId').id;
  // a lineage that names no parent (null) is a new first question: a branch beside the conversation's root
  else if (body.lineage && body.lineage.parentSegmentId === null) parentSegmentId = null;
  else parentSegmentId = lineage.some((s) => s.id === conversation.selectedLeafSegmentId) ? conversation.selectedLeafSegmentId : null;
  return {
    agent: opened.agent,
    conversationId: conversation.id,
    newConversation: null,
    parentSegmentId,
    regeneratedFromSegmentId: null,
    question,
    lineage,
    askedWith: null,
    firstTitle: lineage.length === 0 && conversation.title === '' && !opened.preview ? initialTitle(question) : null,
    preview: opened.preview,
    performanceTestRunId: null,
  };
}

/** A taken-over answer: the question of its segment, after the same parent, answered by the agent as published now. */
async function resumeTurn(ctx: ConversationsContext, caller: Caller, row: SegmentRow): Promise<TurnBasis> {
  const conversation = await ownConversation(ctx, caller, row.conversationId);
  if (!conversation.gptSystemId || conversation.configStateId) throw notFound('The conversation');
  const [agent, lineage] = await Promise.all([
    ctx.agents.getForChat(signedIn(caller), conversation.gptSystemId).then(refuseInactive),
    repo.listLineage(ctx.db, conversation.id),
  ]);
  return {
    agent,
    conversationId: conversation.id,
    newConversation: null,
    parentSegmentId: row.parentSegmentId,
    regeneratedFromSegmentId: row.regeneratedFromSegmentId,
    question: row.question,
    lineage,
    askedWith: lineage.find((s) => s.id === row.id) ?? null,
    firstTitle: null,
    preview: false,
    performanceTestRunId: null,
    // the first question's title is made after its answer: the process that died did not get there
    resumed: { row, titleDue: lineage.length === 1 && conversation.title === initialTitle(row.question) },
  };
}

async function resolveTurn(ctx: ConversationsContext, caller: Caller, request: TurnRequest, now: Date): Promise<TurnBasis> {
  if (request.kind === 'resume') return resumeTurn(ctx, caller, request.segment);
  if (request.kind === 'new' || request.kind === 'preview-new' || request.kind === 'public-new') return startConversation(ctx, caller, request, now);
  const opened = await openConversation(ctx, caller, request);
  if (request.kind === 'regenerate') return regenerate(opened, request.segmentId, 'segmentId', request.body);
  if (isRegenerate(request.body.lineage?.lineageType))
    return regenerate(opened, request.body.lineage?.parentSegmentId, 'lineage.parentSegmentId', request.body);
  return followUp(opened, request.body);
}

/**
 * Plans one turn: resolves the request by its kind, assembles the prompt (system prompt with the agent's
 * guidelines, the history with its uploads, the tools), and makes the segment's store. Nothing is
 * written here.
 */
export async function planTurn(ctx: ConversationsContext, caller: Caller, request: TurnRequest, startedAt: number, timeZone: string): Promise<PlannedTurn> {
  const now = new Date();
  const named = await knownUploads(ctx, caller, request.body);
  const basis = await resolveTurn(ctx, caller, request, now);
  const { agent, askedWith, preview } = basis;
  const loadTest = basis.performanceTestRunId !== null;
  // the agent's daily limits and the person's monthly budget: 403 once reached (a draft's preview and a performance
  // test are not counted)
  const resumed = basis.resumed ?? null;
  // a taken-over answer was let through when it was asked
  const usage =
    preview || loadTest || resumed
      ? null
      : await checkTurn(ctx, isVisitor(caller) ? { userId: null, roleIds: [] } : caller, {
          gptSystemId: agent.gptSystemId,
          tokenLimitSettings: agent.config.tokenLimitSettings,
        });

  const deployment = await ctx.models.resolve(request.body.answerGenerationOptions?.deploymentIdentifier ?? agent.config.deploymentName);
  const earlierTurns = lineageOf(basis.lineage, basis.parentSegmentId);
  // the agent's guidelines go into the system prompt; a person (not an editor's preview of a draft) must
  // have accepted their current version, else 403 with nothing written (a visitor's consent is the public-chat
  // module's to check, docs/public-chat.md). The earlier questions' uploads load meanwhile (no query when none of
  // them named any; a visitor has none).
  const [guidelines, earlierUploads] = await Promise.all([
    preview || loadTest || resumed || isVisitor(caller) ? agentGuidelines(ctx, agent.gptSystemId) : guidelinesForChat(ctx, caller, agent.gptSystemId),
    ctx.uploads.forHistory(uploadOwnerOf(caller), askedWith ? [...earlierTurns, askedWith] : earlierTurns, deployment.vision),
  ]);
  const uploads = (askedWith && earlierUploads.get(askedWith.id)) || named;
  const system = withGuidelines(systemPrompt(agent, caller, timeZone), guidelines);
  ctx.uploads.requireVision(uploads, deployment);
  const input = uploads.attachments.length ? ctx.uploads.textInput(uploads, basis.question, deployment) : null;
  const current = { role: 'user' as const, content: input?.content ?? basis.question, images: uploads.images };
  const capabilities = turnCapabilities(agent.config.capabilityTypes, request.body.answerGenerationOptions);
  const [messages, imageTool, knowledge, searchProvider, codeTool] = await Promise.all([
    promptMessages(ctx, { earlierTurns, earlierUploads, current, system, deployment }),
    imageToolForTurn({ capabilities, deployment, models: ctx.models, images: ctx.generatedImages }),
    ctx.knowledge.forAgent(agent, preview),
    // the provider (and HIPAA mode) is read only for a turn that may search
    capabilities.has('InternetSearch') && deployment.tools ? ctx.webSearch.current() : null,
    codeToolForTurn({
      capabilities,
      toolsAllowed: deployment.tools,
      sandbox: ctx.codeInterpreter.sandbox,
      // the files attached as CodeInterpreter to this question, the earlier ones and the agent, read at the first run
      inputs: () =>
        ctx.uploads.codeInterpreterFiles(
          [...uploads.attachments, ...[...earlierUploads.values()].flatMap((u) => u.attachments)],
          (agent.config.attachments ?? []).flatMap((a) => (a.attachmentId ? [a.attachmentId] : [])),
        ),
      files: ctx.codeInterpreter.files,
      images: ctx.generatedImages,
    }),
  ]);
  const tools = [
    ...(imageTool ? [imageTool] : []),
    ...(codeTool ? [codeTool] : []),
    ...webSearchToolsForTurn({
      capabilities,
      deployment,
      provider: searchProvider?.provider ?? null,
      config: ctx.webSearch.config,
      resultCount: agent.config.webSearchResultCount ?? null,
    }),
  ];
  const segment = resumed
    ? resumed.row
    : newSegment(basis, caller, deployment, {
        visionImageIds: askedWith?.visionImageIds ?? request.body.visionImageIds,
        attachmentIds: askedWith?.attachmentIds ?? request.body.attachmentIds,
        now,
      });
  const level = request.body.segmentTraceLogLevel;
  // in HIPAA mode the execution details keep no words of the conversation (cached: no read of its own)
  const withoutContent = await hipaaMode(ctx);
  const moderation = turnModeration({ db: ctx.db, logger: ctx.logger, config: { moderationApiKey: ctx.moderationApiKey ?? null } }, agent, {
    conversationId: basis.conversationId,
    segmentId: segment.id,
    question: basis.question,
    preview: preview || loadTest,
  });
  // near the person's own limit the turn starts once their answer being written has ended, its rows written now under
  // their lock (usage-limits.claims.ts): the last step, so that no check after it can leave them behind
  const guard = usage?.guard ?? null;
  if (guard) await claimTurn(ctx, guard, (tx) => repo.createTurnIn(tx, turnWrite(caller, basis, segment as ReturnType<typeof newSegment>, now)));
  return {
    usageNotice: usage?.notice ?? null,
    store: resumed ? resumedStore(ctx, caller, resumed.row) : segmentStore(ctx, caller, basis, segment as ReturnType<typeof newSegment>, now, guard !== null),
    owner: answerOwner(caller, basis.conversationId),
    lease: isVisitor(caller) || preview || loadTest ? null : { segmentId: segment.id, timeZone },
    turn: {
      conversationId: basis.conversationId,
      segmentId: segment.id,
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
      withoutContent,
      // a preview is a throwaway: no second model call for its title
      generateTitle: resumed ? resumed.titleDue : (basis.newConversation !== null || basis.firstTitle !== null) && !preview && !loadTest,
      question: basis.question,
      ...(input ? { passages: input.passages } : {}),
      ...(tools.length ? { tools } : {}),
      ...(moderation ? { moderation } : {}),
      ...(knowledge ? { knowledge: turnKnowledge(ctx, knowledge, { agent, deployment, earlierTurns, question: basis.question, withoutContent }) } : {}),
    },
  };
}

/** The turn's search of the agent's libraries: for the question made standalone from the earlier turns. */
function turnKnowledge(
  ctx: ConversationsContext,
  search: KnowledgeSearch,
  turn: {
    agent: ChatAgent;
    deployment: ResolvedDeployment;
    earlierTurns: readonly { question: string; answer: string }[];
    question: string;
    withoutContent: boolean;
  },
): TurnKnowledge {
  return {
    // only its sources may answer when they are all it has: an agent with web search may find the answer there
    restrict: turn.agent.config.restrictAnswerToInformationReturnedByTools === true && !hasCapability(turn.agent.config, 'InternetSearch'),
    async search(signal) {
      const query = await standaloneQuestion(ctx.models, turn.deployment, [...turn.earlierTurns], turn.question, signal);
      const { passages, trace } = await search.search(query, signal);
      return { sources: numberSources(passages), trace: traceLines(trace, passages, search.libraries, turn.withoutContent) };
    },
  };
}

/** The segment's row as the turn starts. */
function newSegment(basis: TurnBasis, caller: Caller, deployment: ResolvedDeployment, o: { visionImageIds: string[]; attachmentIds: string[]; now: Date }) {
  return {
    id: randomUUID(),
    conversationId: basis.conversationId,
    parentSegmentId: basis.parentSegmentId,
    regeneratedFromSegmentId: basis.regeneratedFromSegmentId,
    question: basis.question,
    status: 'InProgress',
    // a process that dies mid-answer leaves this for another (or its restart) to end as interrupted
    ownerProcessId: ProcessId,
    createdAt: o.now,
    visionImageIds: o.visionImageIds,
    attachmentIds: o.attachmentIds,
    model: deployment.model,
    deploymentName: deployment.name,
    gptSystemId: basis.preview ? null : basis.agent.gptSystemId,
    brandKey: basis.agent.brandKey,
    userId: isVisitor(caller) ? null : caller.userId,
    performanceTestRunId: basis.performanceTestRunId,
  } satisfies repo.NewSegment;
}

/** The turn's rows: the conversation (when new), the segment and the agent's recent use. */
function turnWrite(caller: Caller, basis: TurnBasis, segment: ReturnType<typeof newSegment>, now: Date): repo.TurnWrite {
  // the agent's recent use goes into the turn's own statement: one write instead of two (a visitor has no recent agents)
  const use =
    basis.preview || basis.performanceTestRunId || isVisitor(caller) ? null : { userId: caller.userId, gptSystemId: basis.agent.gptSystemId, at: now };
  return { conversation: basis.newConversation, segment, at: now, use };
}

/**
 * Where the turn's rows go: the conversation (when new), the segment, the first title and the agent's recent use;
 * `written` when a usage limit's claim wrote the rows already (then only the first title and the end remain).
 */
function segmentStore(
  ctx: ConversationsContext,
  caller: Caller,
  basis: TurnBasis,
  segment: ReturnType<typeof newSegment>,
  now: Date,
  written = false,
): SegmentStore {
  const { conversationId, firstTitle } = basis;
  const nameIt = async () => {
    if (firstTitle !== null) await repo.setFirstTitle(ctx.db, conversationId, firstTitle);
  };
  const uploadIndex = async () => ctx.uploads.describe(uploadOwnerOf(caller), segment.visionImageIds, segment.attachmentIds);
  const finish = async (outcome: SegmentOutcome) => {
    const row = await repo.finishSegment(ctx.db, segment.id, outcome);
    return { conversationId, ...presentSegment(row, segmentIndex([row]), await uploadIndex()) };
  };
  return {
    async create() {
      if (!written) await repo.createTurn(ctx.db, turnWrite(caller, basis, segment, now));
      await nameIt();
    },
    async createFinished(outcome) {
      if (written) {
        await nameIt();
        return finish(outcome);
      }
      // every column is written here (feedback starts empty): the row is known without reading it back
      const row: SegmentRow = { ...segment, ...repo.finishedColumns(outcome), feedback: null };
      const [, uploads] = await Promise.all([repo.createTurn(ctx.db, { ...turnWrite(caller, basis, segment, now), segment: row }).then(nameIt), uploadIndex()]);
      return { conversationId, ...presentSegment(row, segmentIndex([row]), uploads) };
    },
    saveProgress: (answer) => repo.saveAnswer(ctx.db, segment.id, answer),
    finish,
    queueTitle: () => queueTitle(ctx, { conversationId, segmentId: segment.id }),
  };
}

/** Where a taken-over answer's rows go: its segment exists; it is saved and finished like any other. */
function resumedStore(ctx: ConversationsContext, caller: Caller, row: SegmentRow): SegmentStore {
  const finish = async (outcome: SegmentOutcome) => {
    const finished = await repo.finishSegment(ctx.db, row.id, outcome);
    const uploads = await ctx.uploads.describe(uploadOwnerOf(caller), finished.visionImageIds, finished.attachmentIds);
    return { conversationId: row.conversationId, ...presentSegment(finished, segmentIndex([finished]), uploads) };
  };
  return {
    create: async () => undefined,
    createFinished: finish,
    saveProgress: (answer) => repo.saveAnswer(ctx.db, row.id, answer),
    finish,
    queueTitle: () => queueTitle(ctx, { conversationId: row.conversationId, segmentId: row.id }),
  };
}
