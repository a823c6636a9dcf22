import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
