// The fields of the agent form and the server's issues at them: an issue's property ('body.config.temperature',
// 'name', 'capabilityTypes.1') as the field it names, and a refused call's issues. Zod-free, so that the quick-create
// popover (which loads on the chat page) can use it without the schemas.
import './agent-config-texts';
import { t } from '../../app/i18n/i18n';
import type { ConfigIssue } from '@atrium/contract';
import { apiErrorBody } from '../admin/api-error';

export const AgentFormFields = [
  'gptSystemName',
  'description',
  'systemPrompt',
  'introduction',
  'deploymentName',
  'temperature',
  'topP',
  'frequencyPenalty',
  'maxTokens',
  'capabilityTypes',
  'restrictAnswerToInformationReturnedByTools',
  'webSearchResultCount',
] as const;
export type AgentFormField = (typeof AgentFormFields)[number];
export type FieldProblems = Partial<Record<AgentFormField, string>>;

/** A refused call's field errors as issues; anything else as one issue with the server's message. */
export const issuesOf = (error: unknown): ConfigIssue[] => {
  const body = apiErrorBody(error);
  if (body?.details?.length) return body.details.map((d) => ({ property: d.field, message: d.message }));
  return [{ property: 'request', message: body?.message ?? t('agentConfig.requestFailed') }];
};

/** An issue's property without its place in the request: 'body.config.temperature' → 'temperature'. */
const fieldOfProperty = (property: string): string =>
  property
    .replace(/^(body|query|params)\./, '')
    .replace(/^config\./, '')
    .split('.')[0]!;

const aliases: Record<string, AgentFormField> = { name: 'gptSystemName' };
const isFormField = (field: string): field is AgentFormField => (AgentFormFields as readonly string[]).includes(field);

/** The form field a server issue names ('body.config.temperature', 'name', 'capabilityTypes.1'), or null. */
export function formFieldOf(property: string): AgentFormField | null {
  const field = fieldOfProperty(property);
  const known = aliases[field] ?? field;
  return isFormField(known) ? known : null;
}

/** Splits the server's issues into those shown at their field (the first of each) and the rest. */
export function splitIssues(issues: readonly ConfigIssue[]): { fields: FieldProblems; rest: ConfigIssue[] } {
  const fields: FieldProblems = {};
  const rest: ConfigIssue[] = [];
  for (const issue of issues) {
    const field = formFieldOf(issue.property);
    if (field === null) rest.push(issue);
    else fields[field] ??= issue.message;
  }
  return { fields, rest };
}
