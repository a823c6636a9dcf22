import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as RenderModule from './render-markdown';
import { renderMarkdown } from './render-markdown';
import { loadMarkdown } from './markdown-loader';
import { MarkdownView } from './markdown-view';

vi.mock('../../../../app/i18n/i18n', async (importOriginal) => ({ ...(await importOriginal<object>()), useTranslation: () => ({ t: (k: string) => k }) }));
vi.mock('./render-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof RenderModule>();
  return { ...actual, renderMarkdown: vi.fn(actual.renderMarkdown) };
});

describe('MarkdownView while streaming', () => {
  it('parses only the last block again when a piece arrives', async () => {
    await loadMarkdown();
    const parse = vi.mocked(renderMarkdown);
    let text = '';
    for (let i = 0; i < 50; i++) text += `Paragraph ${i} with **bold** text.\n\n`;
    const view = render(<MarkdownView text={text + 'Tail'} />);
    expect(parse).toHaveBeenCalledTimes(51);
    parse.mockClear();
    for (const piece of [' grows', ' more', ' and more']) {
      text += piece;
      view.rerender(<MarkdownView text={text.replace(/$/, '') + 'Tail'} />);
    }
    // each piece re-parses one block (the tail), not the 50 finished ones
    expect(parse.mock.calls.length).toBeLessThanOrEqual(3);
    expect(parse.mock.calls.every(([t]) => !t.startsWith('Paragraph 0'))).toBe(true);
    expect(view.container.querySelectorAll('p')).toHaveLength(51);
    expect(view.container.innerHTML).toContain('<strong>bold</strong>');
  });
});
