// The branding tab: product and organization name (shown in titles and on the login screen) and favicons.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OrganizationNameMaxLength, ProductNameMaxLength, type BrandingSettings } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { AdminErrorAlert, apiErrorMessage, fieldErrors } from '../../../components/admin';
import { useGetBrandingQuery, useSetBrandingMutation } from '../api/instance-admin.api';
import { FaviconsSection } from './favicons-section';

function NamesForm({ initial, canWrite }: { initial: BrandingSettings; canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState(initial);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [save, saving] = useSetBrandingMutation();
  const errors = fieldErrors(saveError);
  const submit = async () => {
    setSaveError(null);
    try {
      await save(values).unwrap();
      enqueueSnackbar(t('adminInstanceSettings.saved'), { variant: 'success' });
    } catch (e) {
      setSaveError(e);
      enqueueSnackbar(apiErrorMessage(e, t('adminInstanceSettings.saveFailed')), { variant: 'error' });
    }
  };
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <TextField
        label={t('adminInstanceSettings.branding.name')}
        name="name"
        required
        value={values.name}
        disabled={!canWrite}
        error={!!errors.name}
        helperText={errors.name ?? t('adminInstanceSettings.branding.nameHelp')}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
        slotProps={{ htmlInput: { maxLength: ProductNameMaxLength } }}
      />
      <TextField
        label={t('adminInstanceSettings.branding.organizationName')}
        name="organizationName"
        required
        value={values.organizationName}
        disabled={!canWrite}
        error={!!errors.organizationName}
        helperText={errors.organizationName}
        onChange={(e) => setValues({ ...values, organizationName: e.target.value })}
        slotProps={{ htmlInput: { maxLength: OrganizationNameMaxLength } }}
      />
      {canWrite && (
        <Button type="submit" variant="contained" disabled={saving.isLoading} sx={{ alignSelf: 'flex-end' }}>
          {t('adminInstanceSettings.save')}
        </Button>
      )}
    </Stack>
  );
}

export function BrandingTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useGetBrandingQuery();
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" aria-label={t('adminInstanceSettings.branding.namesTitle')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('adminInstanceSettings.branding.namesTitle')}
        </Typography>
        {error && <AdminErrorAlert error={error} fallback={t('adminInstanceSettings.loadFailed')} onRetry={() => void refetch()} />}
        {isLoading && <Skeleton variant="rounded" height={120} />}
        {data && <NamesForm key={`${data.name}|${data.organizationName}`} initial={data} canWrite={canWrite} />}
      </Paper>
      <FaviconsSection canWrite={canWrite} />
      <Alert severity="info">
        <Link component={RouterLink} to="/admin/brand">
          {t('adminInstanceSettings.branding.brandsHint')}
        </Link>
      </Alert>
    </Stack>
  );
}
