// The introduction shown above a new chat. It is part of the agent's draft: saved here, live once published.
import '../../../components/agent-config/agent-config-texts';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert } from '../../../components/admin';
import { useGetAdminConfigStateQuery, useUpdateAdminConfigStateMutation } from '../api/admin-agents.api';

export function IntroductionCard({ configStateId, canEdit }: { configStateId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const state = useGetAdminConfigStateQuery(configStateId);
  if (!state.data) return state.error ? <AdminErrorAlert error={state.error} /> : null;
  return (
    <IntroductionForm
      key={configStateId}
      configStateId={configStateId}
      initial={state.data.introduction}
      canEdit={canEdit}
      label={t('agentsAdmin.introduction')}
    />
  );
}

function IntroductionForm({ configStateId, initial, canEdit, label }: { configStateId: string; initial: string; canEdit: boolean; label: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [introduction, setIntroduction] = useState(initial);
  const [save, saved] = useUpdateAdminConfigStateMutation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {label}
      </Typography>
      <Stack spacing={1}>
        {saved.error && <AdminErrorAlert error={saved.error} />}
        <TextField
          label={label}
          value={introduction}
          onChange={(e) => setIntroduction(e.target.value)}
          multiline
          minRows={3}
          disabled={!canEdit}
          helperText={t('agentConfig.introductionHelp')}
        />
        {canEdit && (
          <Button
            sx={{ alignSelf: 'flex-end' }}
            disabled={saved.isLoading}
            onClick={() =>
              void save({ id: configStateId, body: { introduction } }).then((r) => {
                if (!r.error) enqueueSnackbar(t('agentsAdmin.saved'), { variant: 'success' });
              })
            }
          >
            {t('agentsAdmin.saveIntroduction')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
