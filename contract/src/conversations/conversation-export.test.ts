import { describe, expect, it } from 'vitest';
import { conversationExportFileName } from './conversation-export.js';

describe('conversationExportFileName', () => {
  it('is the title plus .txt without the characters file systems refuse', () => {
    expect(conversationExportFileName('Plan <a>: b/c\\d|e?f*g "h"')).toBe('Plan a bcdefg h.txt');
    expect(conversationExportFileName('line\u0000one\ttwo')).toBe('lineonetwo.txt');
  });

  it('names a title left empty "conversation"', () => {
    expect(conversationExportFileName(' ?* ')).toBe('conversation.txt');
  });
});
