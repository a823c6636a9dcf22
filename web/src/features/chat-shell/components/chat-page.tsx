// /chat and /chat/:entryGptSystemId. The conversation itself comes with the chat feature; until then
// the page says what will appear here.
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { EmptyState } from '../../../components/empty-state';

export default function ChatPage() {
  const { t } = useTranslation();
  const { entryGptSystemId } = useParams();
  usePageTitle(t('chat.pageTitle'));
  return (
    <Paper variant="outlined" sx={{ minHeight: { xs: 'calc(100vh - 120px)', md: 'calc(100vh - 160px)' }, display: 'grid', placeItems: 'center' }}>
      <EmptyState
        icon={<ForumOutlined />}
        title={entryGptSystemId ? t('chat.agentTitle') : t('chat.welcomeTitle')}
        text={entryGptSystemId ? t('chat.agentText') : t('chat.welcomeText')}
      />
    </Paper>
  );
}
