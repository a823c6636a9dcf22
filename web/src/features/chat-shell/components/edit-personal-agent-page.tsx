import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from './page-header';

export default function EditPersonalAgentPage() {
  const { t } = useTranslation();
  usePageTitle(t('chat.editPersonalTitle'));
  return (
    <>
      <PageHeader title={t('chat.editPersonalTitle')} />
      <Paper variant="outlined">
        <EmptyState icon={<TuneOutlined />} text={t('chat.editPersonalText')} />
      </Paper>
    </>
  );
}
