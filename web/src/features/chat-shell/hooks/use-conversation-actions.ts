// The conversation menu's actions (docs/product.md §2, §4): archive/unarchive, rename and delete, with a failure
// notice each; deleting the open conversation returns to its agent.
import type { ConversationListItem } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate } from 'react-router';
import { useSetConversationArchivedMutation } from '../api/archive-conversation.api';
import { useDeleteConversationMutation } from '../api/delete-conversation.api';
import { useRenameConversationMutation } from '../api/rename-conversation.api';
import { checkRename } from '../utils/conversation-title';
import { useChatRoute } from './use-chat-route';

export function useConversationActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { conversationId: currentId } = useChatRoute();
  const [setArchived] = useSetConversationArchivedMutation();
  const [remove] = useDeleteConversationMutation();
  const [rename] = useRenameConversationMutation();
  const fail = (key: 'chat.archiveFailed' | 'chat.unarchiveFailed' | 'chat.renameFailed' | 'chat.deleteFailed') =>
    enqueueSnackbar(t(key), { variant: 'error' });

  return {
    setArchived: async (c: ConversationListItem, archived: boolean) => {
      const result = await setArchived({ conversationId: c.conversationId, archived });
      if (result.error) fail(archived ? 'chat.archiveFailed' : 'chat.unarchiveFailed');
    },
    rename: async (c: ConversationListItem, input: string) => {
      const check = checkRename(input, c.title);
      if (!check.ok) return;
      const result = await rename({ conversationId: c.conversationId, title: check.title });
      if (result.error) fail('chat.renameFailed');
    },
    remove: async (c: ConversationListItem) => {
      const result = await remove({ conversationId: c.conversationId });
      if (result.error) return fail('chat.deleteFailed');
      if (c.conversationId === currentId) void navigate(c.gptSystemId ? `/chat/${c.gptSystemId}` : '/chat');
    },
  };
}
