import { describe, expect, it } from 'vitest';
import { endpointValid, moderationOf, moderationValuesOf } from './moderation-fields';

describe('the agent editor’s moderation fields', () => {
  it('start from the saved settings, or checks on and nothing blocked', () => {
    expect(moderationValuesOf(null)).toEqual({ checkQuestions: true, checkAnswers: true, patterns: '', endpoint: '', model: '', refusalMessage: '' });
    expect(
      moderationValuesOf({ checkQuestions: false, blockedPatterns: ['a', '/b/i'], endpoint: 'https://m.example/v1', model: null, refusalMessage: 'No.' }),
    ).toMatchObject({ checkQuestions: false, checkAnswers: true, patterns: 'a\n/b/i', endpoint: 'https://m.example/v1', model: '', refusalMessage: 'No.' });
  });

  it('save one pattern per line, trimmed and without repeats; nothing to check is no moderation', () => {
    const values = moderationValuesOf(null);
    expect(moderationOf({ ...values, patterns: '  \n' })).toBeNull();
    expect(moderationOf({ ...values, patterns: ' exam answers \n\n/\\d{3}/\nexam answers', refusalMessage: '  Not here. ' })).toEqual({
      checkQuestions: true,
      checkAnswers: true,
      blockedPatterns: ['exam answers', '/\\d{3}/'],
      endpoint: null,
      model: null,
      refusalMessage: 'Not here.',
    });
    expect(moderationOf({ ...values, endpoint: ' https://api.openai.com/v1 ', model: 'omni-moderation-latest' })).toMatchObject({
      blockedPatterns: [],
      endpoint: 'https://api.openai.com/v1',
      model: 'omni-moderation-latest',
    });
  });

  it('accept only an http(s) endpoint', () => {
    const values = moderationValuesOf(null);
    expect(endpointValid({ ...values, endpoint: '' })).toBe(true);
    expect(endpointValid({ ...values, endpoint: 'http://127.0.0.1:8080/v1' })).toBe(true);
    expect(endpointValid({ ...values, endpoint: 'ftp://x' })).toBe(false);
    expect(endpointValid({ ...values, endpoint: 'moderation' })).toBe(false);
  });
});
