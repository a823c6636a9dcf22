// The agents the role's …Specific actions cover: pick from the System agents, save.
import type { UserRole } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, apiErrorMessage } from '../../../components/admin';
import { useGetEntityConfigurationQuery, useUpdateEntityConfigurationMutation } from '../api/user-roles.api';

export function RoleEntityConfiguration({ role, canWrite }: { role: UserRole; canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, refetch } = useGetEntityConfigurationQuery(role.userRoleId);
  const [save, saving] = useUpdateEntityConfigurationMutation();
  const [picked, setPicked] = useState<string[] | null>(null);
  if (error) return <AdminErrorAlert error={error} onRetry={() => void refetch()} />;
  if (!data) return <Skeleton variant="rounded" height={80} />;
  const value = picked ?? data.gptSystemIds;
  const byId = new Map(data.availableGptSystems.map((a) => [a.gptSystemId, a]));
  const usesSpecific = role.userActions.some((a) => a === 'GptSystemsReadSpecific' || a === 'GptSystemsWriteSpecific');
  const changed = picked !== null && (picked.length !== data.gptSystemIds.length || picked.some((id) => !data.gptSystemIds.includes(id)));

  const submit = async () => {
    const result = await save({ userRoleId: role.userRoleId, gptSystemIds: value, dataSourceIds: data.dataSourceIds });
    if ('error' in result) enqueueSnackbar(apiErrorMessage(result.error, t('adminUi.loadFailed')), { variant: 'error' });
    else {
      setPicked(null);
      enqueueSnackbar(t('adminUserRoles.scopesSaved'), { variant: 'success' });
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('adminUserRoles.entityHelp')}
      </Typography>
      {!usesSpecific && value.length > 0 && <Alert severity="info">{t('adminUserRoles.entityNeedsSpecific')}</Alert>}
      <Autocomplete
        multiple
        disabled={!canWrite}
        options={data.availableGptSystems.map((a) => a.gptSystemId)}
        value={value}
        onChange={(_e, next) => setPicked(next)}
        getOptionLabel={(id) => byId.get(id)?.name ?? id}
        filterSelectedOptions
        renderInput={(params) => (
          <TextField {...params} label={t('adminUserRoles.agents')} placeholder={value.length ? undefined : t('adminUserRoles.chooseAgents')} />
        )}
      />
      {canWrite && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={() => void submit()} disabled={!changed || saving.isLoading}>
            {t('adminUserRoles.saveScopes')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
