import { describe, expect, it } from 'vitest';
import type { ConfigState } from '@atrium/contract';
import { descriptionError, nameError, updateOf, valuesOf } from './agent-config-values';

describe('agent draft values', () => {
  it('checks the name and description with docs/product.md §5 messages verbatim', () => {
    expect(nameError('   ')).toBe('Name is required');
    expect(nameError(`  ${'a'.repeat(150)}  `)).toBeNull();
    expect(nameError('a'.repeat(151))).toBe('Name exceeds the maximum limit of 150 characters');
    expect(descriptionError('d'.repeat(500))).toBeNull();
    expect(descriptionError('d'.repeat(501))).toBe('Description exceeds the maximum limit of 500 characters');
  });

  it('sends number fields as numbers, empty ones as null, and trims the name', () => {
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
    } as ConfigState;
    const values = { ...valuesOf(state), gptSystemName: '  Owl ', topP: '0.5', maxTokens: '', frequencyPenalty: 'abc' };
    expect(updateOf(values)).toMatchObject({
      gptSystemName: 'Owl',
      temperature: 0.7,
      topP: 0.5,
      maxTokens: null,
      frequencyPenalty: null,
      deploymentName: null,
    });
  });
});
