import { describe, expect, it } from 'vitest';
import { agentDescriptionError, agentNameError } from './agent-limits.js';

describe('agent name and description', () => {
  it('are checked with docs/product.md §5 messages verbatim, by the server and the forms alike', () => {
    expect(agentNameError('   ')).toBe('Name is required');
    expect(agentNameError(`  ${'a'.repeat(150)}  `)).toBeNull();
    expect(agentNameError('a'.repeat(151))).toBe('Name exceeds the maximum limit of 150 characters');
    expect(agentDescriptionError('d'.repeat(500))).toBeNull();
    expect(agentDescriptionError('d'.repeat(501))).toBe('Description exceeds the maximum limit of 500 characters');
  });
});
