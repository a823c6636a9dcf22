import { describe, expect, it } from 'vitest';
import type { ChatStreamUpdate } from '../../lib/sse/chat-stream-updates';
import { chatActions as a, chatSlice, initialChatState, type ChatState } from './chat.slice';

const reduce = (state: ChatState, ...actions: Parameters<typeof chatSlice.reducer>[1][]) => actions.reduce(chatSlice.reducer, state);
const start = (streamId = 1) => a.streamStarted({ streamId, question: 'Why?', parentSegmentId: null, createdAt: '2026-01-01T00:00:00Z' });
const up = (update: ChatStreamUpdate, streamId = 1) => a.streamUpdated({ streamId, update });

describe('chat slice (docs/product.md §4 streaming)', () => {
  it('starts with a temporary segment holding the question and an empty answer, Idle -> Streaming', () => {
    expect(initialChatState.streamStatus).toBe('Idle');
    const s = reduce(initialChatState, start());
    expect(s.streamStatus).toBe('Streaming');
    expect(s.userConversationIsActive).toBe(true);
    expect(s.streamedSegment).toMatchObject({ question: 'Why?', answer: '' });
  });

  it('sets ids, shows steps, appends pieces and completes on no-more-data', () => {
    const s = reduce(
      initialChatState,
      start(),
      up({ type: 'ids', conversationId: 'c1', segmentId: 's1' }),
      up({ type: 'step', text: 'Thinking' }),
      up({ type: 'text', text: 'Hel' }),
      up({ type: 'text', text: 'lo' }),
    );
    expect(s.currentConversationId).toBe('c1');
    expect(s.streamedSegment?.conversationSegmentId).toBe('s1');
    expect(s.statusText).toBe('Thinking');
    expect(s.streamedSegment?.answer).toBe('Hello');
    const done = reduce(s, up({ type: 'model', segmentId: 's1', citations: [{ title: 't', path: 'p' }], errors: [] }), up({ type: 'done' }));
    expect(done.streamStatus).toBe('Complete');
    expect(done.userConversationIsActive).toBe(false);
    expect(done.streamedSegment?.citations).toHaveLength(1);
    expect(reduce(done, a.streamReset()).streamStatus).toBe('Idle');
    expect(reduce(done, a.streamReset()).streamedSegment).toBeNull();
  });

  it('starts the answer over on a second ids event (its process died and another answers it again)', () => {
    const s = reduce(
      initialChatState,
      start(),
      up({ type: 'ids', conversationId: 'c1', segmentId: 's1' }),
      up({ type: 'text', text: 'The first half of an ans' }),
      up({ type: 'ids', conversationId: 'c1', segmentId: 's1' }),
      up({ type: 'text', text: 'A whole answer.' }),
    );
    expect(s.streamStatus).toBe('Streaming');
    expect(s.streamedSegment).toMatchObject({ conversationSegmentId: 's1', answer: 'A whole answer.' });
  });

  it('completes on an error event and on a response-model with errors, not on internal-server-error', () => {
    const s = reduce(initialChatState, start());
    expect(reduce(s, up({ type: 'error', text: 'x', completes: false })).streamStatus).toBe('Streaming');
    expect(reduce(s, up({ type: 'error', text: 'boom', completes: true }))).toMatchObject({ streamStatus: 'Complete', streamedSegment: { answer: 'boom' } });
    const failed = reduce(s, up({ type: 'model', segmentId: 's', citations: [], errors: [{ code: 'e', message: 'm' }] }));
    expect(failed.streamStatus).toBe('Complete');
    expect(failed.streamedSegment?.errors).toHaveLength(1);
  });

  it('keeps the partial answer on abort and flags it', () => {
    const s = reduce(initialChatState, start(), up({ type: 'text', text: 'part' }), a.streamAborted());
    expect(s).toMatchObject({ streamStatus: 'Complete', streamAborted: true, userConversationIsActive: false, streamedSegment: { answer: 'part' } });
    expect(reduce(s, up({ type: 'text', text: 'late' })).streamedSegment?.answer).toBe('part');
  });

  it('switching conversation clears the stream, flags conversationChanged and ignores late events', () => {
    const s = reduce(initialChatState, start(), up({ type: 'text', text: 'a' }), a.conversationSwitched({ conversationId: 'c2', gptSystemId: 'g' }));
    expect(s).toMatchObject({ conversationChanged: true, streamedSegment: null, streamStatus: 'Idle', currentConversationId: 'c2', currentGptSystemId: 'g' });
    const late = reduce(s, up({ type: 'text', text: 'late' }), up({ type: 'ids', conversationId: 'c1', segmentId: 's' }));
    expect(late.currentConversationId).toBe('c2');
    expect(late.streamedSegment).toBeNull();
  });

  it('ignores updates of an older stream once a new one started', () => {
    const s = reduce(initialChatState, start(1), start(2), up({ type: 'text', text: 'old' }, 1), up({ type: 'text', text: 'new' }, 2));
    expect(s.streamedSegment?.answer).toBe('new');
  });
});
