// New Chat (docs/product.md §4): a new conversation with the current agent, else the first available one; with
// no agent at all it says so.
import { useSnackbar } from 'notistack';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate } from 'react-router';
import { useGetAgentsQuery } from '../api/get-agents.api';
import { useChatRoute } from './use-chat-route';

export function useNewChat(onNavigate: () => void): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { gptSystemId } = useChatRoute();
  const { data } = useGetAgentsQuery('available');
  return () => {
    const agentId = gptSystemId ?? data?.items[0]?.gptSystemId;
    if (!agentId) {
      enqueueSnackbar(t('chat.noAgents'), { variant: 'error' });
      return;
    }
    onNavigate();
    void navigate(`/chat/${agentId}`);
  };
}
