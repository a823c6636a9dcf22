import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Citation } from '@atrium/contract';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import CitationChips from './citation-chips-view';
import { renderMarkdown } from './markdown/render-markdown';

initI18n();

const fileId = '6f1c9a52-3d7e-4b8a-9a1e-2f4c5d6e7f80';
const citations: Citation[] = [
  { title: 'Handbook.pdf', path: `/sources/${fileId}?page=3`, number: 2, fileId, page: 3, excerpt: 'Enrolment closes in the first week.' },
  { title: 'Rules.md', path: `/sources/${fileId}`, number: 5, fileId, page: null, excerpt: 'Late fees apply.' },
];

const htmlOf = (text: string) =>
  renderMarkdown(text)
    .map((p) => (p.kind === 'html' ? p.html : ''))
    .join('');

describe('citation markers in answers', () => {
  it('marks the numbers of [n], [n, m] and [n][m] markers, and leaves code, links and definitions alone', () => {
    const html = htmlOf('Enrol early [2]. Fees [2, 5] and [7]. Also [5][2]. `a[2]` and [2](https://example.com)');
    expect(html).toContain('Enrol early <span class="citation-marker">[<span data-citation="2">2</span>]</span>.');
    expect(html).toContain('<span class="citation-marker">[<span data-citation="2">2</span>, <span data-citation="5">5</span>]</span>');
    expect(html).toContain('<code>a[2]</code>');
    expect(html).toContain('<a href="https://example.com"');
    expect(html.match(/data-citation=/g)).toHaveLength(6);
    expect(htmlOf('See [2].\n\n[2]: https://example.com/two')).toContain('<a href="https://example.com/two"');
    // the text reads as written
    const div = document.createElement('div');
    div.innerHTML = html;
    expect(div.textContent?.trim()).toBe('Enrol early [2]. Fees [2, 5] and [7]. Also [5][2]. a[2] and 2');
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const renderChips = (markers = '', sourceLinks?: boolean) =>
  render(
    <MemoryRouter initialEntries={['/chat']}>
      <Routes>
        <Route
          path="*"
          element={
            <article>
              <div dangerouslySetInnerHTML={{ __html: markers }} />
              <CitationChips citations={citations} sourceLinks={sourceLinks} />
            </article>
          }
        />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

describe('CitationChips', () => {
  afterEach(cleanup);

  it('shows numbered chips with the file and page, and opens the sources page in the app', () => {
    renderChips();
    const first = screen.getByRole('link', { name: 'Source 2: Handbook.pdf, page 3' });
    expect(first.textContent).toBe('2Handbook.pdfp. 3');
    expect(screen.getByRole('link', { name: 'Source 5: Rules.md' }).textContent).toBe('5Rules.md');
    fireEvent.click(first);
    expect(screen.getByTestId('where').textContent).toBe(`/sources/${fileId}?page=3`);
  });

  it('makes the markers its answer cites links that open as their chips do, and leaves the others text', async () => {
    renderChips(`<div class="markdown">${htmlOf('Enrol early [5]. Also [9].')}</div>`);
    const marker = (await screen.findAllByRole('link', { name: 'Source 5: Rules.md' })).find((el) => el.tagName === 'SPAN')!;
    expect(marker.textContent).toBe('5');
    expect(document.querySelector('span[data-citation="9"]')!.getAttribute('role')).toBeNull();
    act(() => {
      marker.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    });
    expect(screen.getByTestId('where').textContent).toBe(`/sources/${fileId}`);
  });

  it('without sourceLinks (a visitor) links nowhere: a chip or a marker shows the file, page and excerpt', async () => {
    renderChips(`<div class="markdown">${htmlOf('Enrol early [2].')}</div>`, false);
    expect(screen.queryByRole('link')).toBeNull();
    const chip = screen.getAllByRole('button', { name: 'Source 2: Handbook.pdf, page 3' }).find((el) => el.tagName !== 'SPAN')!;
    expect(chip.textContent).toBe('2Handbook.pdfp. 3');
    fireEvent.click(chip);
    const popover = await screen.findByRole('dialog', { name: 'Handbook.pdf' });
    expect(popover.textContent).toContain('Page 3');
    expect(popover.textContent).toContain('“Enrolment closes in the first week.”');
    expect(screen.queryByRole('button', { name: 'Open page 3' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open page 3' })).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/chat');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    // the answer's marker shows the same excerpt instead of opening the sources page
    const marker = (await screen.findAllByRole('button', { name: 'Source 2: Handbook.pdf, page 3' })).find((el) => el.tagName === 'SPAN')!;
    act(() => {
      marker.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    });
    expect((await screen.findByRole('dialog', { name: 'Handbook.pdf' })).textContent).toContain('Enrolment closes');
    expect(screen.getByTestId('where').textContent).toBe('/chat');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.keyDown(marker, { key: ' ' });
    expect((await screen.findByRole('dialog', { name: 'Handbook.pdf' })).textContent).toContain('Enrolment closes');
  });
});
