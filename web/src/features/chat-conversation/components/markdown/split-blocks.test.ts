import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';
import { createBlockSplitter } from './split-blocks';

describe('createBlockSplitter', () => {
  it('commits blocks at blank lines and keeps the growing tail apart', () => {
    const split = createBlockSplitter();
    expect(split('# Title\n\nFirst para')).toEqual({ blocks: ['# Title\n'], tail: 'First para' });
    const next = split('# Title\n\nFirst para\n\n| a | b |\n|---|---|\n| 1 |');
    expect(next.blocks).toEqual(['# Title\n', 'First para\n']);
    expect(next.tail).toBe('| a | b |\n|---|---|\n| 1 |');
  });

  it('does not split inside a code fence with blank lines', () => {
    const split = createBlockSplitter();
    const { blocks, tail } = split('```js\nconst a = 1;\n\nconst b = 2;\n```\n\nafter');
    expect(blocks).toEqual(['```js\nconst a = 1;\n\nconst b = 2;\n```\n']);
    expect(tail).toBe('after');
  });

  it('piece by piece gives the same blocks as the whole text, and old blocks keep their identity', () => {
    const text = 'One\n\nTwo *x*\n\n```\ncode\n\nmore\n```\n\n- a\n- b\n\nEnd';
    const split = createBlockSplitter();
    let previous: string[] = [];
    for (let i = 1; i <= text.length; i++) {
      const { blocks } = split(text.slice(0, i));
      // completed blocks never change once emitted
      expect(blocks.slice(0, previous.length)).toEqual(previous);
      previous = blocks;
    }
    const whole = createBlockSplitter()(text);
    expect(split(text)).toEqual(whole);
    expect(whole.blocks).toHaveLength(4);
  });

  it('starts over when the text is not an append (a regenerated answer)', () => {
    const split = createBlockSplitter();
    split('Alpha\n\nBeta');
    expect(split('Gamma\n\nDelta')).toEqual({ blocks: ['Gamma\n'], tail: 'Delta' });
  });
});

describe('renderMarkdown', () => {
  it('renders GFM tables and splits code blocks out', () => {
    const parts = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nlet x = 1;\n```');
    expect(parts[0]).toMatchObject({ kind: 'html' });
    expect((parts[0] as { html: string }).html).toContain('<table>');
    expect(parts[1]).toEqual({ kind: 'code', lang: 'ts', code: 'let x = 1;' });
  });

  it('strips scripts, event handlers and javascript: links, and opens links with noopener', () => {
    const html = renderMarkdown(
      'Hi <script>alert(1)</script><img src="x" onerror="alert(2)"> <a href="javascript:alert(3)">x</a> [ok](https://example.com) <b onclick="y()">b</b>',
    )
      .map((p) => (p.kind === 'html' ? p.html : ''))
      .join('');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<b>b</b>');
  });
});
