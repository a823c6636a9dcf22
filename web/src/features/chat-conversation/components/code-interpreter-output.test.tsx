import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import { CodeInterpreterOutput } from './code-interpreter-output';

initI18n();

describe('CodeInterpreterOutput', () => {
  it('shows the output as it grows, with a running state, and nothing before any output', () => {
    const view = render(<CodeInterpreterOutput text="" updating />);
    expect(view.container.innerHTML).toBe('');
    view.rerender(<CodeInterpreterOutput text={'>>> print(6 * 7)\n'} updating />);
    expect(screen.getByRole('region', { name: 'Code output' }).textContent).toContain('Running code...');
    expect(screen.getByRole('progressbar')).toBeTruthy();
    view.rerender(<CodeInterpreterOutput text={'>>> print(6 * 7)\n42\n'} updating={false} />);
    const region = screen.getByRole('region', { name: 'Code output' });
    expect(region.querySelector('pre')!.textContent).toBe('>>> print(6 * 7)\n42\n');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('follows the output to its end, where scrollIntoView returns a promise (Chromium 156), and moves away without breaking the page', () => {
    const scrolled = vi.fn(() => Promise.resolve());
    Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView'];
    const failures: unknown[] = [];
    const onError = (e: ErrorEvent) => failures.push(e.error);
    window.addEventListener('error', onError);
    try {
      const view = render(<CodeInterpreterOutput text={'>>> 1\n'} updating />);
      view.rerender(<CodeInterpreterOutput text={'>>> 1\n1\n'} updating={false} />);
      view.unmount();
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(scrolled).toHaveBeenCalledTimes(2);
    expect(failures).toEqual([]);
  });

  it('shows an output kept with a saved answer collapsed, opened by its title, without scrolling the page to it', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const view = render(<CodeInterpreterOutput text={'>>> print(6 * 7)\n42\n'} updating={false} collapsed />);
    const region = within(view.container).getByRole('region', { name: 'Code output' });
    const details = region.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(region.querySelector('summary')!.textContent).toBe('Code output');
    expect(region.querySelector('pre')!.textContent).toBe('>>> print(6 * 7)\n42\n');
    expect(scrolled).not.toHaveBeenCalled();
  });
});
