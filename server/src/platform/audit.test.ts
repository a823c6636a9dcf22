import { describe, expect, it } from 'vitest';
import { redactSecrets } from './audit.js';

describe('redactSecrets', () => {
  it('replaces secret-looking values and keeps the rest', () => {
    expect(redactSecrets({ name: 'OpenAI', apiKey: 'sk-1', nested: [{ password: 'p', brandKey: 'default' }], emptyToken: '' })).toEqual({
      name: 'OpenAI',
      apiKey: '(set)',
      nested: [{ password: '(set)', brandKey: 'default' }],
      emptyToken: '',
    });
  });
});
