// What makes a draft unfit to become or stay a live agent (errors) and what deserves a second look
// (warnings). A draft is always saved; errors stop createGptSystem, updateGptSystem and publishing.
import {
  SystemPromptVariables,
  agentDescriptionError,
  agentNameError,
  canonicalCapability,
  type AgentConfig,
  type AgentDataSource,
  type ConfigIssue,
  type ErrorDetail,
} from '@atrium/contract';
import type { PublishedAgentConfig } from '../../../db/schema/index.js';
import type { Principal } from '../../../platform/access.js';
import type { DbContext } from '../../../platform/context.js';
import { badRequest } from '../../../platform/errors.js';
import { dataSourceFilterProblems, knownLibraryIds, librariesReadableBy } from '../../knowledge/knowledge.lookup.js';

export interface DraftFacts {
  name: string;
  description: string;
  config: PublishedAgentConfig;
}

/** What the instance's deployments allow, as far as a draft's checks need it. */
export interface DeploymentFacts {
  /** enabled chat deployments an agent may name */
  names: ReadonlySet<string>;
  /** those of them that can call tools */
  withTools: ReadonlySet<string>;
  /** the instance default, which answers for an agent that names none */
  defaultName: string | null;
  /** whether any image deployment is enabled (ImageCreation draws with it) */
  imageDeployment: boolean;
}

const knownVariables = new Set<string>(SystemPromptVariables.map((v) => v.name));
const variablePattern = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

/** A complete configuration: fields written before configuration states existed get their defaults. */
export function fullConfig(config: PublishedAgentConfig): AgentConfig {
  return {
    systemPrompt: config.systemPrompt,
    introduction: config.introduction,
    deploymentName: config.deploymentName,
    languageEngine: config.languageEngine ?? null,
    temperature: config.temperature,
    topP: config.topP,
    frequencyPenalty: config.frequencyPenalty,
    maxTokens: config.maxTokens,
    capabilityTypes: (config.capabilityTypes ?? []) as AgentConfig['capabilityTypes'],
    dataSources: config.dataSources ?? [],
    restrictAnswerToInformationReturnedByTools: config.restrictAnswerToInformationReturnedByTools ?? false,
    customSystemPrompt: config.customSystemPrompt ?? '',
    reasoningEffort: config.reasoningEffort ?? null,
    verbosity: config.verbosity ?? null,
    isHidden: config.isHidden ?? false,
    status: config.status ?? 'Active',
    // kept as sent (docs/wire-protocol.md): only those a client set come back
    ...Object.fromEntries(KeptFields.filter((k) => config[k] !== undefined).map((k) => [k, config[k]])),
  };
}

/** Configuration fields kept only when a client set them (AgentConfigWireSchema): docs/wire-protocol.md's, and webSearchResultCount. */
const KeptFields = [
  'hipaaCompliant',
  'attachments',
  'prompts',
  'brandKey',
  'guidelinesDocumentId',
  'chatAccessPolicyId',
  'publicEndpointConfiguration',
  'tokenLimitSettings',
  'userRoleIds',
  'webSearchResultCount',
  'moderation',
] as const satisfies readonly (keyof PublishedAgentConfig)[];

/** Whether the agent has web search, under either of its names (InternetSearch, WebSearch). */
export const hasCapability = (config: Pick<PublishedAgentConfig, 'capabilityTypes'>, capability: string) =>
  (config.capabilityTypes ?? []).some((c) => canonicalCapability(c) === capability);

export function validateDraft(draft: DraftFacts, deployments: DeploymentFacts): { errors: ConfigIssue[]; warnings: ConfigIssue[] } {
  const errors: ConfigIssue[] = [];
  const warnings: ConfigIssue[] = [];
  const nameError = agentNameError(draft.name);
  if (nameError) errors.push({ property: 'gptSystemName', message: nameError });
  const descriptionError = agentDescriptionError(draft.description);
  if (descriptionError) errors.push({ property: 'description', message: descriptionError });
  const c = draft.config;
  if (c.deploymentName !== null && !deployments.names.has(c.deploymentName)) {
    errors.push({ property: 'deploymentName', message: `The deployment ${c.deploymentName} does not exist or is disabled.` });
  }
  if (c.systemPrompt.trim() === '' && (c.customSystemPrompt ?? '').trim() === '')
    warnings.push({ property: 'systemPrompt', message: 'The agent has no system prompt: it answers as the plain model.' });
  for (const property of ['systemPrompt', 'customSystemPrompt'] as const) {
    for (const [, variable] of (c[property] ?? '').matchAll(variablePattern)) {
      if (!knownVariables.has(variable!)) warnings.push({ property, message: `{{${variable}}} is not a known variable and is sent as written.` });
    }
  }
  if (c.temperature !== null && c.topP !== null)
    warnings.push({ property: 'topP', message: 'Set temperature or top P, not both: models behave best with one.' });
  if (c.restrictAnswerToInformationReturnedByTools && (c.dataSources ?? []).length === 0 && !hasCapability(c, 'InternetSearch')) {
    warnings.push({
      property: 'restrictAnswerToInformationReturnedByTools',
      message: 'Answers are restricted to tool results, but the agent has no data source or web search.',
    });
  }
  if (hasCapability(c, 'ImageCreation')) {
    const answering = c.deploymentName ?? deployments.defaultName;
    if (!deployments.imageDeployment) {
      warnings.push({
        property: 'capabilityTypes',
        message: 'Image creation needs an image deployment, and this instance has none: an administrator adds one under Connections.',
      });
    } else if (answering !== null && deployments.names.has(answering) && !deployments.withTools.has(answering)) {
      warnings.push({ property: 'capabilityTypes', message: `The deployment ${answering} cannot call tools, so the agent cannot create images with it.` });
    }
  }
  return { errors, warnings };
}

/** A change of a draft's libraries: the agent's kind, the libraries before it, and those sent (absent: unchanged). */
export interface DataSourcesChange {
  gptSystemType: string;
  before: readonly { dataSourceId: string }[];
  sent: readonly AgentDataSource[] | undefined;
  /** where the request carried them: `dataSources` or `config.dataSources` */
  field: string;
}

/**
 * The libraries a change adds must exist: for a System agent, any library of the instance (its administrators
 * manage the instance's knowledge); for a personal agent, a library its owner may read, as a personal agent shared
 * with others would otherwise open a library's documents to people its administrators never let read it. Libraries
 * the draft already had stay (one deleted since is skipped when the agent answers), so that the rest of the draft
 * can still be saved. Each library at most once. A 400 names the field of each refused entry.
 */
export async function checkDataSources(ctx: DbContext, principal: Principal, change: DataSourcesChange): Promise<void> {
  const { sent, field } = change;
  if (!sent || sent.length === 0) return;
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  sent.forEach((s, i) => {
    if (seen.has(s.dataSourceId)) details.push({ field: `${field}.${i}.dataSourceId`, message: 'This library is listed twice.' });
    seen.add(s.dataSourceId);
  });
  const had = new Set(change.before.map((s) => s.dataSourceId));
  const added = [...seen].filter((id) => !had.has(id));
  if (added.length > 0) {
    const found = change.gptSystemType === 'User' ? await librariesReadableBy(ctx, principal, added) : await knownLibraryIds(ctx, added);
    sent.forEach((s, i) => {
      if (!had.has(s.dataSourceId) && !found.has(s.dataSourceId) && sent.findIndex((o) => o.dataSourceId === s.dataSourceId) === i)
        details.push({ field: `${field}.${i}.dataSourceId`, message: 'No file library has this id.' });
    });
  }
  // metadata filters name the library's filterable fields (docs/knowledge.md)
  details.push(...(await dataSourceFilterProblems(ctx, sent, field)));
  if (details.length > 0) throw badRequest('The data sources of the configuration are not valid.', details);
}

/** The 400 of an operation that needs a draft without errors. */
export function refuseDraftErrors(errors: readonly ConfigIssue[]): void {
  if (errors.length === 0) return;
  const details: ErrorDetail[] = errors.map((e) => ({ field: e.property, message: e.message }));
  throw badRequest('The agent configuration has errors.', details);
}

/** `{{userName}}`-style variables filled in per request; unknown ones stay as written. */
export function renderSystemPrompt(template: string, values: Record<string, string>): string {
  return template.replace(variablePattern, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}
