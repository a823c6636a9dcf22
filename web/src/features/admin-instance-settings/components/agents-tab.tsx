// The agents tab: AllowUserCreatedGptSystems, ShowInstanceSettingsPage and the feature flags; each
// switch saves at once (every change is audited on the server).
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { GptInstanceSettingsUpdate } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { hasText, useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, apiErrorMessage } from '../../../components/admin';
import { useGetGptInstanceSettingsQuery, useSetGptInstanceSettingsMutation } from '../api/instance-admin.api';

export function AgentsTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, isLoading, refetch } = useGetGptInstanceSettingsQuery();
  const [save, saving] = useSetGptInstanceSettingsMutation();
  const apply = async (change: GptInstanceSettingsUpdate) => {
    try {
      await save(change).unwrap();
      enqueueSnackbar(t('adminInstanceSettings.saved'), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminInstanceSettings.saveFailed')), { variant: 'error' });
    }
  };
  const disabled = !canWrite || saving.isLoading;
  const setting = (name: 'allowUserCreatedGptSystems' | 'showInstanceSettingsPage') =>
    data && (
      <div>
        <FormControlLabel
          control={<Switch checked={data[name]} disabled={disabled} onChange={(e) => void apply({ [name]: e.target.checked })} />}
          label={t(`adminInstanceSettings.agents.${name}`)}
        />
        <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{t(`adminInstanceSettings.agents.${name}Help`)}</FormHelperText>
      </div>
    );
  return (
    <Stack spacing={2}>
      {error && <AdminErrorAlert error={error} fallback={t('adminInstanceSettings.loadFailed')} onRetry={() => void refetch()} />}
      <Paper variant="outlined" component="section" aria-label={t('adminInstanceSettings.agents.title')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('adminInstanceSettings.agents.title')}
        </Typography>
        {isLoading && <Skeleton variant="rounded" height={80} />}
        <Stack spacing={1}>
          {setting('allowUserCreatedGptSystems')}
          {setting('showInstanceSettingsPage')}
        </Stack>
      </Paper>
      <Paper variant="outlined" component="section" aria-label={t('adminInstanceSettings.agents.flagsTitle')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('adminInstanceSettings.agents.flagsTitle')}
        </Typography>
        {isLoading && <Skeleton variant="rounded" height={80} />}
        <Stack>
          {data?.featureFlags.map((flag) => (
            <FormControlLabel
              key={flag.name}
              control={
                <Switch
                  checked={flag.enabled}
                  disabled={disabled}
                  onChange={(e) => void apply({ featureFlags: [{ name: flag.name, enabled: e.target.checked }] })}
                />
              }
              // flag names come from the server: a known one has a label, any other shows its name
              label={hasText('adminInstanceSettings.agents.flags', flag.name) ? t(`adminInstanceSettings.agents.flags.${flag.name}`) : flag.name}
            />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
