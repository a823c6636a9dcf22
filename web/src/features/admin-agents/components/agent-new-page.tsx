// A new System agent: a name and description, then the edit page of its first draft. The contract's name and
// description rules are checked before sending; what the server refuses shows at its field, anything else under
// "Create Agent Failure!".
import '../../../components/agent-config/agent-config-texts';
import { agentDescriptionError, agentNameError } from '@atrium/contract';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate } from 'react-router';
import { AdminPageHeader } from '../../../components/admin';
import { ConfigIssues } from '../../../components/agent-config/config-issues';
import { formFieldOf, issuesOf } from '../../../components/agent-config/agent-config-fields';
import { useCreateAdminAgentMutation } from '../api/admin-agents.api';
import { editPath, listPath } from './agent-paths';

export function AgentNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [create, { isLoading, error }] = useCreateAdminAgentMutation();
  // the server's refusal: at the name or description when it names them, else in the list
  const refused = error ? issuesOf(error) : [];
  const serverAt = (field: 'gptSystemName' | 'description') => refused.find((i) => formFieldOf(i.property) === field)?.message ?? null;
  const elsewhere = refused.filter((i) => !['gptSystemName', 'description'].includes(formFieldOf(i.property) ?? ''));
  const nameProblem = (touched || name.trim() !== '' ? agentNameError(name) : null) ?? serverAt('gptSystemName');
  const descriptionProblem = agentDescriptionError(description) ?? serverAt('description');
  const submit = async () => {
    setTouched(true);
    if (agentNameError(name) || agentDescriptionError(description)) return;
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
          <ConfigIssues errors={elsewhere} warnings={[]} kind="create" />
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
