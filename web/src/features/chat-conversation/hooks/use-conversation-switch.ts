// docs/product.md §4: opening another conversation (or a new chat, or another agent) clears the stream state;
// a running answer is aborted and the list refetches a second later.
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { chatActions } from '../../../app/state/chat.slice';
import { useAppDispatch } from '../../../app/state/hooks';
import type { RootState } from '../../../app/state/store';
import { abortChatStream } from './chat-stream.thunks';

export function useConversationSwitch(gptSystemId: string, conversationId: string | null) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
    const chat = store.getState().chat;
    // Navigating to the conversation the running stream just created is not a switch.
    if (chat.currentConversationId === conversationId && chat.currentGptSystemId === gptSystemId) return;
    if (chat.streamStatus === 'Streaming') dispatch(abortChatStream());
    dispatch(chatActions.conversationSwitched({ conversationId, gptSystemId }));
  }, [dispatch, store, gptSystemId, conversationId]);
}
