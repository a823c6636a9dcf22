// /chat, /chat/{gptSystemId} and /chat/{gptSystemId}/{conversationId}. Without an agent in the
// address the first available agent is opened in place (the address stays /chat until a
// conversation exists).
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { useEffect } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { EmptyState } from '../../../components/empty-state';
import { useGetChatAgentsQuery } from '../api/get-chat-agents.api';
import { ConversationPane } from './conversation-pane';

function NoAgents() {
  const { t } = useTranslation();
  usePageTitle(t('chat.pageTitle'));
  return <EmptyState icon={<ForumOutlined />} title={t('chat.welcomeTitle')} text={t('chat.noAgents')} />;
}

/**
 * One pane for all three addresses, at one place in the tree: a new conversation started on /chat that gets
 * its address after the first answer is the same page, not a new one (a reader who scrolled up in it stays
 * there, use-follow-output.ts).
 */
export default function ChatPage() {
  const { entryGptSystemId, conversationId } = useParams();
  const agents = useGetChatAgentsQuery();
  const first = agents.data?.items[0];
  useEffect(() => {
    if (agents.isError) console.error('Failed to load the available agents');
  }, [agents.isError]);
  // While the list loads, the pane (and its input) is there without an agent; it stays mounted when
  // the first agent arrives, so that typing can start at once (issue 15: the input comes first).
  if (!entryGptSystemId && !agents.isLoading && !first) return <NoAgents />;
  // embeds open /chat/{gptSystemId}/true (popup mode): that is not a conversation id
  const conversation = entryGptSystemId && conversationId && conversationId !== 'true' ? conversationId : null;
  return <ConversationPane gptSystemId={entryGptSystemId ?? first?.gptSystemId ?? ''} conversationId={conversation} />;
}
