import type { UserPrompt } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { filterPrompts, insertPrompt } from './filter-prompts';

const prompt = (title: string, text: string): UserPrompt => ({ promptId: title, title, prompt: text, createdAt: '', lastModifiedAt: '' });
const prompts = [
  prompt('Summarise', 'Summarise this text in three bullet points'),
  prompt('apology email', 'Write a polite email'),
  prompt('Translate', 'Translate to French'),
];

describe('filterPrompts', () => {
  it('lists every prompt by title, ignoring case, when the search is empty', () => {
    expect(filterPrompts(prompts, '  ').map((p) => p.title)).toEqual(['apology email', 'Summarise', 'Translate']);
  });
  it('matches every word in the title or the text', () => {
    expect(filterPrompts(prompts, 'EMAIL polite').map((p) => p.title)).toEqual(['apology email']);
    expect(filterPrompts(prompts, 'bullet').map((p) => p.title)).toEqual(['Summarise']);
    expect(filterPrompts(prompts, 'french email')).toEqual([]);
  });
});

describe('insertPrompt', () => {
  it('fills an empty input and follows existing text on a new line', () => {
    expect(insertPrompt('', 'Hello')).toBe('Hello');
    expect(insertPrompt('  \n', 'Hello')).toBe('Hello');
    expect(insertPrompt('Context first  ', 'Hello')).toBe('Context first\nHello');
  });
});
