import { describe, expect, it } from 'vitest';
import { AdminUserCreateSchema, ConfigStateUpdateSchema } from '@atrium/contract/forms';
import { numberBounds, schemaProblems } from './schema-issues';

const labels = { temperature: 'Temperature', topP: 'Top P', frequencyPenalty: 'Frequency penalty', maxTokens: 'Max tokens', systemPrompt: 'System prompt' };

describe('schema problems in plain words', () => {
  it('reads both bounds of a number field from the schema itself', () => {
    expect(numberBounds(ConfigStateUpdateSchema, 'temperature')).toEqual({ min: 0, max: 2 });
    expect(numberBounds(ConfigStateUpdateSchema, 'frequencyPenalty')).toEqual({ min: -2, max: 2 });
    expect(numberBounds(ConfigStateUpdateSchema, 'systemPrompt')).toEqual({ min: null, max: null });
  });

  it('says what a number field takes, with the schema limits', () => {
    expect(schemaProblems(ConfigStateUpdateSchema, { temperature: 3, topP: -0.5, frequencyPenalty: Number.NaN, maxTokens: 1.5 }, labels)).toEqual({
      temperature: 'Temperature must be between 0 and 2',
      topP: 'Top P must be between 0 and 1',
      frequencyPenalty: 'Frequency penalty must be a number',
      maxTokens: 'Max tokens must be a whole number',
    });
    expect(schemaProblems(ConfigStateUpdateSchema, { maxTokens: 0 }, labels)).toEqual({ maxTokens: 'Max tokens must be between 1 and 1,000,000' });
    expect(schemaProblems(ConfigStateUpdateSchema, { temperature: null, maxTokens: 4096 }, labels)).toEqual({});
  });

  it('names text limits and falls back to the field key without a label', () => {
    expect(schemaProblems(ConfigStateUpdateSchema, { systemPrompt: 'x'.repeat(100_001), introduction: 'y'.repeat(20_001) }, labels)).toEqual({
      systemPrompt: 'System prompt can be at most 100,000 characters long',
      introduction: 'introduction can be at most 20,000 characters long',
    });
    expect(schemaProblems(ConfigStateUpdateSchema.pick({ status: true }), { status: 'Sleeping' }, { status: 'Status' })).toEqual({
      status: 'Status must be one of: Active, Inactive',
    });
  });

  it("explains the new user form's refusals", () => {
    const user = { emailAddress: 'Email address', displayName: 'Display name', password: 'Password' };
    expect(schemaProblems(AdminUserCreateSchema, { emailAddress: '', displayName: ' ', password: 'short' }, user)).toEqual({
      emailAddress: 'Email address is required',
      displayName: 'Display name is required',
      password: 'Password must be at least 12 characters long',
    });
    expect(schemaProblems(AdminUserCreateSchema, { emailAddress: 'lin@example', displayName: 'Lin', password: 'a long enough passphrase' }, user)).toEqual({
      emailAddress: 'Email address must be an email address, like name@example.com',
    });
    expect(
      schemaProblems(AdminUserCreateSchema, { emailAddress: ' Lin@Example.test ', displayName: 'Lin', password: 'a long enough passphrase' }, user),
    ).toEqual({});
  });
});
