import { describe, expect, it } from 'vitest';
import type { Conversation, DetailsForConversation } from '@atrium/contract';
import { chatAvailability, type AvailabilityInput } from './chat-availability';

const agentId = '6f1c2a52-4c1e-4f0a-9a51-0a2b3c4d5e6f';
const conversationId = '0b7e4a1c-5d2f-4c3b-8a9e-1f2e3d4c5b6a';
const details = (status: 'Active' | 'Inactive' = 'Active') => ({ status }) as DetailsForConversation;
const conversation = (isDeleted = false) => ({ conversationId, isDeleted }) as Conversation;
const refused = (status: number, code: string) => ({ status, data: { code, message: 'refused', details: [] } });

const page = (input: Partial<AvailabilityInput>) => chatAvailability({ gptSystemId: agentId, conversationId: null, details: {}, conversation: {}, ...input });

describe('what the chat page can do with its address', () => {
  it('chats with a usable agent, and judges nothing while the answers load', () => {
    expect(page({ details: { data: details() } })).toEqual({ page: null, inputBlocked: null });
    expect(page({})).toEqual({ page: null, inputBlocked: null });
    expect(page({ conversationId, details: { data: details() }, conversation: {} })).toEqual({ page: null, inputBlocked: null });
    // /chat before its first agent is known
    expect(page({ gptSystemId: '', details: { error: refused(404, 'not_found') } })).toEqual({ page: null, inputBlocked: null });
  });

  it.each([
    [refused(400, 'validation_error'), 'agentBadAddress'],
    [refused(404, 'not_found'), 'agentNotFound'],
    [refused(403, 'forbidden'), 'agentForbidden'],
    [refused(403, 'personal_agents_disabled'), 'personalAgentsOff'],
    [refused(500, 'internal_error'), 'agentLoadFailed'],
    [{ status: 'FETCH_ERROR', error: 'offline' }, 'agentLoadFailed'],
  ])('says why an agent address cannot be used (%j)', (error, reason) => {
    expect(page({ details: { error } })).toEqual({ page: { kind: 'agent', reason }, inputBlocked: null });
  });

  it('says an inactive agent is off', () => {
    expect(page({ details: { data: details('Inactive') } })).toEqual({ page: { kind: 'agent', reason: 'agentInactive' }, inputBlocked: null });
  });

  it('keeps an old conversation readable when its agent can no longer answer, and says why nothing can be sent', () => {
    const loaded = { data: conversation() };
    expect(page({ conversationId, conversation: loaded, details: { error: refused(404, 'not_found') } })).toEqual({
      page: null,
      inputBlocked: 'conversationAgentNotFound',
    });
    expect(page({ conversationId, conversation: loaded, details: { error: refused(403, 'forbidden') } }).inputBlocked).toBe('conversationAgentForbidden');
    expect(page({ conversationId, conversation: loaded, details: { error: refused(403, 'personal_agents_disabled') } }).inputBlocked).toBe(
      'conversationPersonalAgentsOff',
    );
    expect(page({ conversationId, conversation: loaded, details: { data: details('Inactive') } }).inputBlocked).toBe('conversationAgentInactive');
  });

  it('says a deleted conversation was deleted, whatever its agent', () => {
    expect(page({ conversationId, conversation: { data: conversation(true) }, details: { data: details() } })).toEqual({
      page: { kind: 'conversationDeleted' },
      inputBlocked: null,
    });
  });

  it('tells a conversation that is not there from one that failed to load', () => {
    expect(page({ conversationId, conversation: { error: refused(404, 'not_found') } }).page).toEqual({ kind: 'conversationNotFound' });
    expect(page({ conversationId, conversation: { error: refused(400, 'validation_error') } }).page).toEqual({ kind: 'conversationNotFound' });
    expect(page({ conversationId, conversation: { error: { status: 'FETCH_ERROR', error: 'offline' } } }).page).toEqual({
      kind: 'conversationLoadFailed',
    });
  });
});
