import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { EmptyState } from '../../../components/empty-state';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('system.notFoundTitle'));
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <EmptyState
        icon={<SearchOffOutlined />}
        title={t('system.notFoundTitle')}
        text={t('system.notFoundText')}
        action={
          <Button component={RouterLink} to="/chat" variant="contained" sx={{ mt: 1 }}>
            {t('system.goToChat')}
          </Button>
        }
      />
    </Box>
  );
}
