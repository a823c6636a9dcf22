// One key: whether it is set (the secret never comes back), a field to set or replace it, and delete.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InstanceApiKeyProvider } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, ConfirmDialog, apiErrorMessage, fieldErrors } from '../../../components/admin';
import { useFormatDateTime } from '../../../components/date-time';
import { useDeleteApiKeyMutation, useGetApiKeyStatusQuery, useSetApiKeyMutation } from '../api/instance-admin.api';

export function ApiKeyCard({ provider, canWrite, extra }: { provider: InstanceApiKeyProvider; canWrite: boolean; extra?: ReactNode }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, isLoading, refetch } = useGetApiKeyStatusQuery(provider);
  const [setKey, setting] = useSetApiKeyMutation();
  const [deleteKey, deleting] = useDeleteApiKeyMutation();
  const [value, setValue] = useState('');
  const [saveError, setSaveError] = useState<unknown>(null);
  const [confirm, setConfirm] = useState(false);
  const name = t(`adminInstanceSettings.keys.${provider}.title`);

  const save = async () => {
    setSaveError(null);
    try {
      await setKey({ provider, apiKey: value }).unwrap();
      setValue('');
      enqueueSnackbar(t('adminInstanceSettings.keys.keySaved', { name }), { variant: 'success' });
    } catch (e) {
      setSaveError(e);
      enqueueSnackbar(apiErrorMessage(e, t('adminInstanceSettings.saveFailed')), { variant: 'error' });
    }
  };
  const remove = async () => {
    try {
      await deleteKey(provider).unwrap();
      enqueueSnackbar(t('adminInstanceSettings.keys.keyDeleted', { name }), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminInstanceSettings.saveFailed')), { variant: 'error' });
    }
    setConfirm(false);
  };

  return (
    <Paper variant="outlined" component="section" aria-label={name} sx={{ p: { xs: 2, sm: 3 } }} data-testid={`api-key-${provider}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {name}
        </Typography>
        {isLoading ? (
          <Skeleton width={120} />
        ) : (
          data && (
            <Chip
              size="small"
              color={data.hasApiKey ? 'success' : 'default'}
              label={
                data.hasApiKey
                  ? data.lastModifiedAt
                    ? t('adminInstanceSettings.keys.setSince', { date: formatDateTime(data.lastModifiedAt) })
                    : t('adminInstanceSettings.keys.set')
                  : t('adminInstanceSettings.keys.notSet')
              }
            />
          )
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(`adminInstanceSettings.keys.${provider}.text`)}
      </Typography>
      {extra}
      {error && <AdminErrorAlert error={error} fallback={t('adminInstanceSettings.loadFailed')} onRetry={() => void refetch()} />}
      {canWrite && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (value.trim()) void save();
          }}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            size="small"
            fullWidth
            type="password"
            autoComplete="off"
            label={t('adminInstanceSettings.keys.keyLabel', { name })}
            placeholder={t('adminInstanceSettings.keys.newKey')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={!!fieldErrors(saveError).apiKey}
            helperText={fieldErrors(saveError).apiKey}
          />
          <Button type="submit" variant="contained" disabled={!value.trim() || setting.isLoading} sx={{ flexShrink: 0 }}>
            {t(data?.hasApiKey ? 'adminInstanceSettings.keys.replaceKey' : 'adminInstanceSettings.keys.saveKey')}
          </Button>
          {data?.hasApiKey && (
            <Button color="error" onClick={() => setConfirm(true)} sx={{ flexShrink: 0 }}>
              {t('adminInstanceSettings.keys.delete')}
            </Button>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('adminInstanceSettings.keys.deleteTitle', { name })}
        text={provider === 'claude' ? t('adminInstanceSettings.keys.deleteClaudeText') : t('adminInstanceSettings.keys.deleteText', { name })}
        confirmLabel={t('adminInstanceSettings.keys.delete')}
        busy={deleting.isLoading}
        onCancel={() => setConfirm(false)}
        onConfirm={() => void remove()}
      />
    </Paper>
  );
}
