import { describe, expect, it } from 'vitest';
import type { ConfigState } from '@atrium/contract';
import { valuesOf } from './agent-config-values';
import { AgentFormFields, formFieldOf, splitIssues, type AgentFormField } from './agent-config-fields';
import { draftProblems } from './agent-config-validation';

const labels = Object.fromEntries(AgentFormFields.map((f) => [f, f[0]!.toUpperCase() + f.slice(1)])) as Record<AgentFormField, string>;
labels.temperature = 'Temperature';
labels.maxTokens = 'Max tokens';
const values = valuesOf({
  gptSystemName: 'Owl',
  description: '',
  systemPrompt: 'p',
  introduction: '',
  deploymentName: null,
  temperature: null,
  topP: null,
  frequencyPenalty: null,
  maxTokens: null,
  capabilityTypes: [],
  restrictAnswerToInformationReturnedByTools: false,
} as unknown as ConfigState);

describe('agent draft problems', () => {
  it('finds with the contract what the server would refuse, in plain words', () => {
    expect(draftProblems(values, labels, true)).toEqual({});
    const bad = { ...values, temperature: '3', maxTokens: '2.5', description: 'd'.repeat(501) };
    expect(draftProblems(bad, labels, false)).toEqual({
      temperature: 'Temperature must be between 0 and 2',
      maxTokens: 'Max tokens must be a whole number',
      description: 'Description exceeds the maximum limit of 500 characters',
    });
  });

  it('keeps the results per web search between 1 and 10, empty meaning the default', () => {
    labels.webSearchResultCount = 'Results per search';
    expect(draftProblems({ ...values, webSearchResultCount: '' }, labels, false)).toEqual({});
    expect(draftProblems({ ...values, webSearchResultCount: '10' }, labels, false)).toEqual({});
    expect(draftProblems({ ...values, webSearchResultCount: '11' }, labels, false)).toEqual({
      webSearchResultCount: expect.stringContaining('Results per search'),
    });
    expect(draftProblems({ ...values, webSearchResultCount: '0' }, labels, false)).toEqual({
      webSearchResultCount: expect.stringContaining('Results per search'),
    });
  });

  it('asks for a name only once the person tried to save, and says when it is too long at once', () => {
    expect(draftProblems({ ...values, gptSystemName: ' ' }, labels, false)).toEqual({});
    expect(draftProblems({ ...values, gptSystemName: ' ' }, labels, true)).toEqual({ gptSystemName: 'Name is required' });
    expect(draftProblems({ ...values, gptSystemName: 'x'.repeat(151) }, labels, false)).toEqual({
      gptSystemName: 'Name exceeds the maximum limit of 150 characters',
    });
  });

  it("puts the server's issues at their fields and keeps the others for the list", () => {
    expect(formFieldOf('body.config.temperature')).toBe('temperature');
    expect(formFieldOf('name')).toBe('gptSystemName');
    expect(formFieldOf('configStateId')).toBeNull();
    expect(
      splitIssues([
        { property: 'deploymentName', message: 'The deployment gone does not exist or is disabled.' },
        { property: 'capabilityTypes.0', message: 'Invalid option' },
        { property: 'request', message: 'The request failed.' },
      ]),
    ).toEqual({
      fields: { deploymentName: 'The deployment gone does not exist or is disabled.', capabilityTypes: 'Invalid option' },
      rest: [{ property: 'request', message: 'The request failed.' }],
    });
  });
});
