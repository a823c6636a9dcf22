import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from './page-header';

export default function DiscoverAgentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('chat.discoverTitle'));
  return (
    <>
      <PageHeader title={t('chat.discoverTitle')} />
      <Paper variant="outlined">
        <EmptyState icon={<TravelExploreOutlined />} text={t('chat.discoverText')} />
      </Paper>
    </>
  );
}
