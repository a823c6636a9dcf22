import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderTex } from './katex-render';
import { loadMarkdown } from './markdown-loader';
import { MarkdownView } from './markdown-view';
import { renderMarkdown } from './render-markdown';
import { createBlockSplitter } from './split-blocks';

vi.mock('../../../../app/i18n/i18n', async (importOriginal) => ({ ...(await importOriginal<object>()), useTranslation: () => ({ t: (k: string) => k }) }));
afterEach(cleanup);

describe('math in markdown', () => {
  it('typesets inline and display math with KaTeX (HTML and MathML)', () => {
    const [inline] = renderMarkdown('Euler: $e^{i\\pi} + 1 = 0$ and \\(a^2\\).', renderTex);
    expect(inline).toMatchObject({ kind: 'html', math: true });
    const html = (inline as { html: string }).html;
    expect(html.match(/class="katex"/g)).toHaveLength(2);
    expect(html).toContain('<math');
    const [display] = renderMarkdown('$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$', renderTex);
    expect((display as { html: string }).html).toContain('katex-display');
    const [bracket] = renderMarkdown('\\[ \\sum_{k=1}^n k \\]', renderTex);
    expect((bracket as { html: string }).html).toContain('katex-display');
  });

  it('leaves money alone and shows the source until KaTeX is there', () => {
    const [money] = renderMarkdown('It costs $5 and $10 today.', renderTex);
    expect(money).toMatchObject({ math: false });
    expect((money as { html: string }).html).toContain('$5 and $10');
    const [pending] = renderMarkdown('Area $\\pi r^2$', null);
    expect(pending).toMatchObject({ math: true });
    expect((pending as { html: string }).html).toContain('<code class="math-source">$\\pi r^2$</code>');
  });

  it('sanitises around math: no script, no javascript: link from \\href', () => {
    const [part] = renderMarkdown('$\\href{javascript:alert(1)}{x}$ <img src=x onerror=alert(1)> <script>alert(1)</script>', renderTex);
    const html = (part as { html: string }).html;
    // KaTeX refuses \href without trust: the command shows as red text, never as a link
    expect(html).toContain('class="katex"');
    expect(html).not.toMatch(/<a\b/);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
  });

  it('keeps a display block with blank lines in one streamed block', () => {
    const split = createBlockSplitter();
    const { blocks, tail } = split('Before\n\n$$\na = 1\n\nb = 2\n$$\n\nafter');
    expect(blocks).toEqual(['Before\n', '$$\na = 1\n\nb = 2\n$$\n']);
    expect(tail).toBe('after');
  });

  it('loads KaTeX only when an answer has math, then typesets it in the view', async () => {
    await loadMarkdown();
    const view = render(<MarkdownView text={'Plain text.\n\nThe area is $\\pi r^2$.'} />);
    expect(view.container.querySelector('.math-source')).not.toBeNull();
    await waitFor(() => expect(view.container.querySelector('.katex')).not.toBeNull());
    expect(view.container.querySelector('.math-source')).toBeNull();
  });
});
