import { describe, expect, it } from 'vitest';
import type { ConfigState } from '@atrium/contract';
import { hasCapability, updateOf, valuesOf, withCapability } from './agent-config-values';

const state = {
  gptSystemName: 'A',
  description: '',
  systemPrompt: 'p',
  introduction: '',
  deploymentName: null,
  temperature: 0.7,
  topP: null,
  frequencyPenalty: null,
  maxTokens: 500,
  capabilityTypes: ['WebSearch', 'Vision'],
  restrictAnswerToInformationReturnedByTools: true,
} as unknown as ConfigState;

describe('agent draft values', () => {
  it('sends number fields as numbers, empty ones as null, what is not a number as NaN (for the schema to refuse), and trims the name', () => {
    const values = { ...valuesOf(state), gptSystemName: '  Owl ', topP: '0.5', maxTokens: '', frequencyPenalty: 'abc' };
    expect(updateOf(values)).toMatchObject({ gptSystemName: 'Owl', temperature: 0.7, topP: 0.5, maxTokens: null, deploymentName: null });
    expect(updateOf(values).frequencyPenalty).toBeNaN();
    expect(updateOf({ ...values, maxTokens: '1.5' }).maxTokens).toBe(1.5);
    expect(valuesOf(state).webSearchResultCount).toBe('');
    expect(updateOf(values).webSearchResultCount).toBeNull();
    expect(updateOf({ ...values, webSearchResultCount: '3' }).webSearchResultCount).toBe(3);
    expect(valuesOf({ ...state, webSearchResultCount: 7 }).webSearchResultCount).toBe('7');
  });

  it('keeps capability names as the draft wrote them and switches one under all its names', () => {
    const values = valuesOf(state);
    expect(updateOf(values)).toMatchObject({ capabilityTypes: ['WebSearch', 'Vision'], restrictAnswerToInformationReturnedByTools: true });
    expect(hasCapability(values.capabilityTypes, 'InternetSearch')).toBe(true);
    expect(withCapability(values.capabilityTypes, 'InternetSearch', false)).toEqual(['Vision']);
    expect(withCapability(['Vision'], 'ImageCreation', true)).toEqual(['Vision', 'ImageCreation']);
    expect(withCapability(['imagecreation'], 'ImageCreation', true)).toEqual(['ImageCreation']);
  });
});
