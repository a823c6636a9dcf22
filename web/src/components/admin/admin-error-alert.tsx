// A failed load or save, with the server's message and an optional retry.
import './admin-ui-texts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from '../../app/i18n/i18n';
import { apiErrorMessage } from './api-error';

export function AdminErrorAlert({ error, fallback, onRetry }: { error: unknown; fallback?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('adminUi.retry')}
          </Button>
        ) : undefined
      }
    >
      {apiErrorMessage(error, fallback ?? t('adminUi.loadFailed'))}
    </Alert>
  );
}
