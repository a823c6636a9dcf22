// What the chat page shows instead of a conversation it cannot open: an agent address that names no agent
// the person may use, a deleted conversation, or one that is not there. It says why, and the way back.
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { EmptyState } from '../../../components/empty-state';
import type { PageNotice } from '../utils/chat-availability';
import '../chat-unavailable-texts';

export function ChatUnavailable({ notice, onRetry }: { notice: PageNotice; onRetry: () => void }) {
  const { t } = useTranslation();
  const { title, text, icon, retry } = (() => {
    switch (notice.kind) {
      case 'agent':
        return {
          title: t('chatUnavailable.agentUnavailableTitle'),
          text: t(`chatUnavailable.${notice.reason}`),
          icon: notice.reason === 'agentLoadFailed' ? <SyncProblemOutlined /> : <BlockOutlined />,
          retry: notice.reason === 'agentLoadFailed',
        };
      case 'conversationDeleted':
        return { title: t('chatUnavailable.conversationDeletedTitle'), text: t('chatUnavailable.conversationDeleted'), icon: <DeleteOutline />, retry: false };
      case 'conversationNotFound':
        return {
          title: t('chatUnavailable.conversationNotFoundTitle'),
          text: t('chatUnavailable.conversationNotFound'),
          icon: <SearchOffOutlined />,
          retry: false,
        };
      case 'conversationLoadFailed':
        return {
          title: t('chatUnavailable.conversationLoadFailedTitle'),
          text: t('chatUnavailable.conversationLoadFailed'),
          icon: <SyncProblemOutlined />,
          retry: true,
        };
    }
  })();
  usePageTitle(title);
  return (
    <EmptyState
      icon={icon}
      title={title}
      text={text}
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          {retry && (
            <Button variant="contained" onClick={onRetry}>
              {t('chatUnavailable.retry')}
            </Button>
          )}
          <Button variant={retry ? 'outlined' : 'contained'} component={RouterLink} to="/chat">
            {t('chatUnavailable.newChat')}
          </Button>
          <Button variant="outlined" component={RouterLink} to="/chat/agents">
            {t('chatUnavailable.viewAgents')}
          </Button>
        </Stack>
      }
    />
  );
}
