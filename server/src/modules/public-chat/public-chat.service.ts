// Public chat (docs/public-chat.md): what a visitor's call needs before the conversations module answers it. The
// endpoint (enabled, its agent published and active, HIPAA rules), the Origin it is called from, the visitor's
// session identifier, the longest question and the guidelines consent.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorCodes,
  GuidelinesErrorCodes,
  PublicChatErrorCodes,
  BotCheckTokenHeader,
  PublicChatMessages,
  SessionIdentifierSchema,
  VisitorSessionHeader,
  VisitorTokenHeader,
  type PublicEndpointConfiguration,
  type PublicEndpointDetails,
} from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { ChatAgent } from '../../ai/agent.types.js';
import { agentForVisitors, starterPromptsForVisitors } from '../agents/agents.service.js';
import { agentGuidelines } from '../guidelines/guidelines.chat.js';
import { hipaaModeOn, personalPublicEndpointsAllowed } from '../instance/instance.service.js';
import { listVisitorConversations, type Visitor } from '../conversations/conversations.service.js';
import { publicEndpointOfConversation } from '../conversations/conversations.lookup.js';
import { endpointConfigurationOf, findEndpoint } from './public-chat.registry.js';
import { sealedSecretOf, signedSessionIdentifier, type SignedVisitor } from './public-chat.identity.js';

export type PublicChatContext = Pick<AppContext, 'db' | 'caches' | 'models' | 'config'>;

/** An endpoint as a visitor's call finds it: its settings as published, and its agent. */
export interface OpenEndpoint {
  endpoint: PublicEndpointConfiguration;
  agent: ChatAgent;
  description: string;
  introduction: string;
  /** the HS256 secret of signed-identity embeds, sealed (public-chat.identity.ts), or null */
  sealedSecret: string | null;
}

const endpointNotFound = () => notFound('The public endpoint');

/**
 * The endpoint by name: 404 when unknown or disabled, when its agent is deleted, unpublished or Inactive, or (in HIPAA
 * mode) when the agent's deployment is not HIPAA compliant. The agent's published configuration decides, so that a
 * publish is in effect at once.
 */
export async function openEndpoint(ctx: PublicChatContext, endpointName: string): Promise<OpenEndpoint> {
  const row = await findEndpoint(ctx, endpointName.toLowerCase());
  if (!row) throw endpointNotFound();
  const found = await agentForVisitors(ctx, row.gptSystemId);
  if (!found) throw endpointNotFound();
  let endpoint: PublicEndpointConfiguration | null;
  try {
    endpoint = endpointConfigurationOf(found.agent.config);
  } catch {
    endpoint = null;
  }
  if (!endpoint || endpoint.endpointName !== row.endpointName || !endpoint.isEnabled) throw endpointNotFound();
  // a personal agent's endpoint answers only while the instance allows them
  if (found.agent.gptSystemType === 'User' && !(await personalPublicEndpointsAllowed(ctx))) throw endpointNotFound();
  if (await hipaaModeOn(ctx)) {
    const deployment = await ctx.models.resolve(found.agent.config.deploymentName ?? null).catch(() => null);
    if (!deployment?.hipaaCompliant) throw endpointNotFound();
  }
  return { endpoint, ...found, sealedSecret: sealedSecretOf(found.agent.config.publicEndpointConfiguration) };
}

/** The endpoint of a visitor's conversation (404 when the id names none). */
export async function openEndpointOfConversation(ctx: PublicChatContext, conversationId: string): Promise<OpenEndpoint> {
  const name = await publicEndpointOfConversation(ctx, conversationId);
  if (!name) throw notFound('The conversation');
  return openEndpoint(ctx, name);
}

const normalOrigin = (origin: string) => origin.trim().toLowerCase().replace(/\/$/, '');

/**
 * A call from a web page carries its Origin: this server's own and the endpoint's allowed origins may call (and get
 * CORS headers naming them), any other gets 403. A call without Origin (not from a browser page, or a same-origin
 * GET) is answered.
 */
export function checkOrigin(ctx: Pick<AppContext, 'config'>, request: FastifyRequest, reply: FastifyReply, endpoint: PublicEndpointConfiguration): void {
  const given = request.headers.origin;
  if (typeof given !== 'string' || given === '') return;
  if (!originAllowed(ctx, given, endpoint, request)) throw forbidden(PublicChatMessages.originRefused);
  corsHeaders(reply, given);
}

/**
 * This server's own origins: PUBLIC_URL's, and the one the request was sent to (a page this server served, reached by
 * another name such as 127.0.0.1; a browser sets both Origin and Host, so another site's page cannot pass as it).
 */
function ownOrigins(ctx: Pick<AppContext, 'config'>, request: FastifyRequest | null): string[] {
  const own = [normalOrigin(new URL(ctx.config.publicUrl).origin)];
  if (request?.host) own.push(normalOrigin(`${request.protocol}://${request.host}`));
  return own;
}

/** Set on the raw response, so that a streamed answer (which writes its own head) and an error carry them too. */
export function corsHeaders(reply: FastifyReply, origin: string): void {
  const res = reply.raw;
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'Origin');
  res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
  res.setHeader('access-control-allow-headers', `Content-Type, ${VisitorSessionHeader}, ${VisitorTokenHeader}, ${BotCheckTokenHeader}, X-Request-Id`);
  res.setHeader('access-control-expose-headers', 'Retry-After, Content-Disposition, X-Request-Id');
  res.setHeader('access-control-max-age', '600');
}

/** Whether an Origin may call the endpoint: this server's own, or one of the endpoint's allowed origins. */
export function originAllowed(
  ctx: Pick<AppContext, 'config'>,
  origin: string,
  endpoint: PublicEndpointConfiguration,
  request: FastifyRequest | null = null,
): boolean {
  const o = normalOrigin(origin);
  return ownOrigins(ctx, request).includes(o) || endpoint.allowedOrigins.includes(o);
}

/** A session identifier that is a random uuid (400 naming `field` otherwise). */
export function requireSessionIdentifier(value: unknown, field = 'sessionIdentifier'): string {
  const parsed = SessionIdentifierSchema.safeParse(value);
  if (!parsed.success) throw badRequest('The session identifier is not valid.', [{ field, message: parsed.error.issues[0]!.message }]);
  return parsed.data;
}

/** The session identifier of a call without a body: the SessionIdentifier header, else the sessionIdentifier query. */
export function sessionOfRequest(request: FastifyRequest, query: { sessionIdentifier?: string | undefined }): string | null {
  const header = request.headers[VisitorSessionHeader.toLowerCase()];
  const value = (Array.isArray(header) ? header[0] : header) ?? query.sessionIdentifier;
  return value === undefined || value === '' ? null : value;
}

/**
 * The visitor of a call: a signed visitor (a host site's valid token) is known by the endpoint and the token's subject,
 * across devices; any other by the session identifier the client keeps.
 */
export function visitorOf(open: OpenEndpoint, sessionIdentifier: unknown, request: FastifyRequest, signed: SignedVisitor | null = null): Visitor {
  const endpointName = open.endpoint.endpointName;
  return {
    kind: 'visitor',
    endpointName,
    sessionIdentifier: signed ? signedSessionIdentifier(endpointName, signed.subject) : requireSessionIdentifier(sessionIdentifier),
    clientAddress: request.ip ?? null,
    agent: open.agent,
    signed,
  };
}

/** 400 (field question) when the question is longer than the endpoint allows. */
export function requireQuestionLength(endpoint: PublicEndpointConfiguration, question: string | null | undefined): void {
  if (question && question.length > endpoint.maxQuestionLength)
    throw badRequest(PublicChatMessages.questionTooLong(endpoint.maxQuestionLength), [
      { field: 'question', message: PublicChatMessages.questionTooLong(endpoint.maxQuestionLength) },
    ]);
}

/** The guidelines a visitor must consent to before the first question, or null when none is asked. */
async function guidelinesToConsent(ctx: PublicChatContext, open: OpenEndpoint) {
  if (!open.endpoint.requireGuidelinesConsent) return null;
  return agentGuidelines(ctx, open.agent.gptSystemId);
}

/**
 * A new conversation needs `guidelinesConsent: true` when the endpoint asks consent and the agent has guidelines:
 * 403 guidelines_consent_required otherwise. The consent covers the conversation; nothing is stored about the visitor.
 */
export async function requireConsent(ctx: PublicChatContext, open: OpenEndpoint, consent: boolean | null | undefined): Promise<void> {
  const guidelines = await guidelinesToConsent(ctx, open);
  if (guidelines && consent !== true)
    throw new AppError(GuidelinesErrorCodes.consentRequired, 403, `Agree to "${guidelines.documentTitle}" before your first question.`, [
      { field: 'guidelinesConsent', message: 'Agree to the guidelines first' },
    ]);
}

/** Whether the endpoint's agent deployment reads images (an unknown deployment does not). */
async function acceptsImages(ctx: PublicChatContext, open: OpenEndpoint): Promise<boolean> {
  const deployment = await ctx.models.resolve(open.agent.config.deploymentName ?? null).catch(() => null);
  return deployment?.vision === true;
}

/** 400 images_not_accepted (nothing read or stored) when the endpoint's agent deployment cannot read images. */
export async function requireImages(ctx: PublicChatContext, open: OpenEndpoint): Promise<void> {
  if (!(await acceptsImages(ctx, open)))
    throw new AppError(PublicChatErrorCodes.imagesNotAccepted, 400, PublicChatMessages.imagesNotAccepted, [
      { field: 'file', message: PublicChatMessages.imagesNotAccepted },
    ]);
}

/** The details; `sessionIdentifier` (a visitor's, anonymous or signed) lists their conversations. */
export async function endpointDetails(ctx: PublicChatContext, open: OpenEndpoint, sessionIdentifier: string | null): Promise<PublicEndpointDetails> {
  const { endpoint, agent } = open;
  const [guidelines, prompts, conversations, images] = await Promise.all([
    guidelinesToConsent(ctx, open),
    starterPromptsForVisitors(ctx, agent.gptSystemId),
    sessionIdentifier ? listVisitorConversations(ctx, { endpointName: endpoint.endpointName, sessionIdentifier }) : Promise.resolve([]),
    acceptsImages(ctx, open),
  ]);
  return {
    endpointName: endpoint.endpointName,
    gptSystemId: agent.gptSystemId,
    name: agent.name,
    description: open.description,
    introduction: open.introduction,
    // the agent's avatar is served to people who may chat with it; visitors see the brand's
    avatarUrl: null,
    brandKey: endpoint.brandKey ?? agent.brandKey,
    requireGuidelinesConsent: guidelines !== null,
    guidelines: guidelines ? { documentTitle: guidelines.documentTitle, text: guidelines.text } : null,
    showCitations: endpoint.showCitations,
    maxQuestionLength: endpoint.maxQuestionLength,
    starterPrompts: prompts.items.map((p) => ({ title: p.title, prompt: p.prompt })),
    acceptsImages: images,
    conversations,
  };
}

/** The brand of an endpoint (brandVariables.css by endpoint name), or null when the name is no open endpoint. */
export async function brandKeyOfEndpoint(ctx: PublicChatContext, endpointName: string): Promise<string | null> {
  try {
    const open = await openEndpoint(ctx, endpointName);
    return open.endpoint.brandKey ?? open.agent.brandKey;
  } catch (e) {
    if (e instanceof AppError && e.code === ErrorCodes.notFound) return null;
    throw e;
  }
}
