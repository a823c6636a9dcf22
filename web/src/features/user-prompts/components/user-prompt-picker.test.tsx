import type { UserPrompt } from '@atrium/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserPromptPicker, type UserPromptPickerProps } from './user-prompt-picker';

vi.mock('../../../app/i18n/i18n', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useTranslation: () => ({ t: (k: string, o?: { title?: string }) => (o?.title ? `${k}:${o.title}` : k) }),
}));

const prompt = (title: string, text: string): UserPrompt => ({ promptId: `id-${title}`, title, prompt: text, createdAt: '', lastModifiedAt: '' });
const prompts = [prompt('Summarise', 'Summarise in three bullets'), prompt('Email', 'Write a polite email')];

function renderPicker(props: Partial<UserPromptPickerProps> = {}) {
  const handlers = { onRetry: vi.fn(), onPick: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onCreate: vi.fn() };
  render(<UserPromptPicker prompts={prompts} loading={false} failed={false} currentText="" {...handlers} {...props} />);
  return handlers;
}

afterEach(cleanup);

describe('UserPromptPicker', () => {
  it('lists prompts, filters them by the search and picks one', () => {
    const h = renderPicker();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('userPrompts.search'), { target: { value: 'polite' } });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'userPrompts.insert:Email' }));
    expect(h.onPick).toHaveBeenCalledWith(prompts[1]);
  });

  it('offers edit and delete per prompt', () => {
    const h = renderPicker();
    fireEvent.click(screen.getByRole('button', { name: 'userPrompts.edit:Summarise' }));
    fireEvent.click(screen.getByRole('button', { name: 'userPrompts.delete:Email' }));
    expect(h.onEdit).toHaveBeenCalledWith(prompts[0]);
    expect(h.onDelete).toHaveBeenCalledWith(prompts[1]);
  });

  it('says when nothing is saved and when the search matches nothing', () => {
    renderPicker({ prompts: [] });
    expect(screen.getByText('userPrompts.empty')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'userPrompts.new' })).toBeTruthy();
  });

  it('offers to save the current input once there is some', () => {
    const h = renderPicker({ currentText: 'Draft question' });
    fireEvent.change(screen.getByLabelText('userPrompts.search'), { target: { value: 'zzz' } });
    expect(screen.getByText('userPrompts.noMatch')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'userPrompts.saveCurrent' }));
    expect(h.onCreate).toHaveBeenCalled();
  });

  it('shows the load failure with a retry', () => {
    const h = renderPicker({ prompts: undefined, failed: true });
    expect(screen.getByText('userPrompts.loadFailed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'userPrompts.retry' }));
    expect(h.onRetry).toHaveBeenCalled();
  });
});
