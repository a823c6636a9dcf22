// What makes a draft unfit to become or stay a live agent (errors) and what deserves a second look
// (warnings). A draft is always saved; errors stop createGptSystem, updateGptSystem and publishing.
import {
  SystemPromptVariables,
  agentDescriptionError,
  agentNameError,
  canonicalCapability,
  type AgentConfig,
  type ConfigIssue,
  type ErrorDetail,
} from '@atrium/contract';
import type { PublishedAgentConfig } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';

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

/** docs/wire-protocol.md configuration fields Atrium keeps without acting on them yet (AgentConfigWireSchema). */
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
