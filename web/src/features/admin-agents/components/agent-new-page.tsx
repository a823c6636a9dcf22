// A new System agent: a name and description, then the edit page of its first draft.
import { agentDescriptionError, agentNameError } from '@atrium/contract';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate } from 'react-router';
import { AdminErrorAlert, AdminPageHeader } from '../../../components/admin';
import { useCreateAdminAgentMutation } from '../api/admin-agents.api';
import { editPath, listPath } from './agent-paths';

export function AgentNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [create, { isLoading, error }] = useCreateAdminAgentMutation();
  const nameProblem = touched ? agentNameError(name) : null;
  const descriptionProblem = agentDescriptionError(description);
  const submit = async () => {
    setTouched(true);
    if (agentNameError(name) || descriptionProblem) return;
    const result = await create({ gptSystemName: name.trim(), description });
    if (result.data) void navigate(editPath(result.data.gptSystemId));
  };
  return (
    <>
      <AdminPageHeader
        title={t('agentsAdmin.newTitle')}
        breadcrumbs={[{ label: t('agentsAdmin.title'), to: listPath }, { label: t('agentsAdmin.newTitle') }]}
      />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {error && <AdminErrorAlert error={error} fallback={t('agentsAdmin.createFailed')} />}
          <TextField
            label={t('agentsAdmin.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            error={!!nameProblem}
            helperText={nameProblem ?? ' '}
            autoFocus
          />
          <TextField
            label={t('agentsAdmin.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
            error={!!descriptionProblem}
            helperText={descriptionProblem ?? ' '}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {t('agentsAdmin.create')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
