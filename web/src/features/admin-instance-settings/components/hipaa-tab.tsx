// The hipaa tab: HIPAA mode on or off (docs/architecture.md gives its meaning; turning it on asks first), and the data
// retention settings (docs/retention.md), whose defaults HIPAA mode sets.
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, ConfirmDialog, apiErrorMessage } from '../../../components/admin';
import { useGetHipaaQuery, useSetHipaaMutation } from '../api/instance-admin.api';
import { RetentionSection } from './retention-section';

export function HipaaTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, isLoading, refetch } = useGetHipaaQuery();
  const [setHipaa, saving] = useSetHipaaMutation();
  const [confirm, setConfirm] = useState(false);

  const apply = async (enabled: boolean) => {
    try {
      await setHipaa({ enabled }).unwrap();
      enqueueSnackbar(t('adminInstanceSettings.saved'), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminInstanceSettings.saveFailed')), { variant: 'error' });
    }
    setConfirm(false);
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" aria-label={t('adminInstanceSettings.hipaa.title')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('adminInstanceSettings.hipaa.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('adminInstanceSettings.hipaa.text')}
        </Typography>
        {error && <AdminErrorAlert error={error} fallback={t('adminInstanceSettings.loadFailed')} onRetry={() => void refetch()} />}
        {isLoading && <Skeleton width={200} height={40} />}
        {data && (
          <FormControlLabel
            control={
              <Switch
                checked={data.enabled}
                disabled={!canWrite || saving.isLoading}
                onChange={(e) => (e.target.checked ? setConfirm(true) : void apply(false))}
              />
            }
            label={t(data.enabled ? 'adminInstanceSettings.hipaa.on' : 'adminInstanceSettings.hipaa.off')}
          />
        )}
        <ConfirmDialog
          open={confirm}
          title={t('adminInstanceSettings.hipaa.confirmTitle')}
          text={t('adminInstanceSettings.hipaa.confirmText')}
          confirmLabel={t('adminInstanceSettings.hipaa.confirm')}
          tone="primary"
          busy={saving.isLoading}
          onCancel={() => setConfirm(false)}
          onConfirm={() => void apply(true)}
        />
      </Paper>
      <RetentionSection canWrite={canWrite} />
    </Stack>
  );
}
