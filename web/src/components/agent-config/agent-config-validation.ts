// What the browser finds wrong with an agent draft before sending, per field of the form: the contract's
// configuration schema and its name and description rules, the ones the server applies. Evaluates zod (through
// @atrium/contract/forms), so only the editors import it.
import { agentDescriptionError, agentNameError } from '@atrium/contract';
import { ConfigStateUpdateSchema } from '@atrium/contract/forms';
import { schemaProblems } from '../forms/schema-issues';
import { updateOf, type AgentDraftValues } from './agent-config-values';
import type { AgentFormField, FieldProblems } from './agent-config-fields';

/**
 * The problems the browser finds in the values, in plain words. `tried`: the person tried to save, so an empty
 * name is a problem too (before that, an empty form is not shouted at).
 */
export function draftProblems(values: AgentDraftValues, labels: Record<AgentFormField, string>, tried: boolean): FieldProblems {
  const problems: FieldProblems = schemaProblems(ConfigStateUpdateSchema, updateOf(values), labels);
  const name = agentNameError(values.gptSystemName);
  if (name && (tried || values.gptSystemName.trim() !== '')) problems.gptSystemName = name;
  else delete problems.gptSystemName;
  const description = agentDescriptionError(values.description);
  if (description) problems.description = description;
  return problems;
}
