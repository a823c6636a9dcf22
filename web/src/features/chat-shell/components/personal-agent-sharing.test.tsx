import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import { PersonalAgentSharing } from './personal-agent-sharing';

initI18n();

const agent = {
  sharedWith: [{ userId: '7a1c0c59-3d55-4c0f-9d0e-2f3a55b3f001', displayName: 'Otto Other', email: 'otto@example.test' }],
  pendingInvitations: [{ email: 'new.colleague@example.test', invitedAt: '2030-01-01T00:00:00.000Z' }],
};

describe('PersonalAgentSharing', () => {
  afterEach(cleanup);

  it('lists the people who have the agent apart from pending invitations', () => {
    render(<PersonalAgentSharing agent={agent} disabled={false} onShare={async () => true} />);
    const list = screen.getByRole('list', { name: 'People who may use this agent' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Otto Other', 'new.colleague@example.test · invitation pending']);
    expect(within(items[1]!).getByTitle('Shared by email: it applies when this person next signs in.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Share with' }) as HTMLInputElement).value).toBe('otto@example.test, new.colleague@example.test');
  });

  it('removes a pending invitation or a person by sending the rest of the list', async () => {
    const onShare = vi.fn(async () => true);
    render(<PersonalAgentSharing agent={agent} disabled={false} onShare={onShare} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove new.colleague@example.test' }));
    await waitFor(() => expect(onShare).toHaveBeenCalledWith(['otto@example.test']));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Otto Other' }));
    await waitFor(() => expect(onShare).toHaveBeenLastCalledWith(['new.colleague@example.test']));
  });

  it('shares with the typed emails, and says when nobody has it', async () => {
    const onShare = vi.fn(async () => true);
    render(<PersonalAgentSharing agent={{ sharedWith: [], pendingInvitations: [] }} disabled={false} onShare={onShare} />);
    expect(screen.getByText('Not shared with anyone')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Share with' }), { target: { value: 'a@example.test; b@example.test ,' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(onShare).toHaveBeenCalledWith(['a@example.test', 'b@example.test']));
  });
});
