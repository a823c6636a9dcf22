// The agent and conversation of the current chat URL (/chat/{gptSystemId}/{conversationId}), read from
// the sidebar, which sits in the layout above the chat page.
import { useParams } from 'react-router';

export function useChatRoute(): { gptSystemId: string | null; conversationId: string | null } {
  const { entryGptSystemId, conversationId } = useParams();
  const gptSystemId = entryGptSystemId && entryGptSystemId !== 'agents' ? entryGptSystemId : null;
  return { gptSystemId, conversationId: conversationId && conversationId !== 'true' ? conversationId : null };
}
