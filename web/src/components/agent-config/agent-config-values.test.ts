import { describe, expect, it } from 'vitest';
import type { ConfigState } from '@atrium/contract';
import { updateOf, valuesOf } from './agent-config-values';

describe('agent draft values', () => {
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
