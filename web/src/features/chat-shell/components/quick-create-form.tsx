// Quick create (docs/product.md §4, §5): a User-type configuration state, updated with the name, description and
// defaults, a generated identicon (24 px, §9) uploaded as its avatar; then the popover closes after
// 500 ms and the edit page of that configuration state opens. The contract's name and description rules are checked
// before anything is sent; what the server refuses shows at the name or description when it names them, anything
// else under "Create Agent Failure!".
import '../personal-agents-texts';
import '../../../components/agent-config/agent-config-texts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QuickCreateCloseDelayMs, QuickCreateIdenticonSize, agentDescriptionError, agentNameError, type ConfigIssue } from '@atrium/contract';
import { toSvg } from 'jdenticon';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate } from 'react-router';
import { ConfigIssues } from '../../../components/agent-config/config-issues';
import { formFieldOf, issuesOf } from '../../../components/agent-config/agent-config-fields';
import { useCreatePersonalConfigStateMutation, useUpdateConfigStateMutation, useUploadConfigStateAvatarMutation } from '../api/personal-agents.api';

export default function QuickCreateForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [issues, setIssues] = useState<{ errors: ConfigIssue[]; warnings: ConfigIssue[] }>({ errors: [], warnings: [] });
  const [create] = useCreatePersonalConfigStateMutation();
  const [update] = useUpdateConfigStateMutation();
  const [upload] = useUploadConfigStateAvatarMutation();
  // the identicon follows the name as it is typed, so the person sees the avatar they will get
  const identicon = useMemo(() => toSvg(name.trim() || 'agent', QuickCreateIdenticonSize), [name]);
  // the server's word on the name or description shows at the field until it changes
  const serverAt = (field: 'gptSystemName' | 'description') => issues.errors.find((i) => formFieldOf(i.property) === field)?.message ?? null;
  const elsewhere = issues.errors.filter((i) => !['gptSystemName', 'description'].includes(formFieldOf(i.property) ?? ''));
  const nameProblem = (touched ? agentNameError(name) : null) ?? serverAt('gptSystemName');
  const descriptionProblem = agentDescriptionError(description) ?? serverAt('description');
  const forget = (field: 'gptSystemName' | 'description') => setIssues((i) => ({ ...i, errors: i.errors.filter((e) => formFieldOf(e.property) !== field) }));

  const failed = (error: unknown) => setIssues({ errors: issuesOf(error), warnings: [] });

  const submit = async () => {
    setTouched(true);
    if (agentNameError(name) || agentDescriptionError(description) || busy) return;
    setBusy(true);
    setIssues({ errors: [], warnings: [] });
    try {
      const created = await create();
      if (created.error) return failed(created.error);
      const id = created.data.configStateId;
      const saved = await update({ id, body: { gptSystemName: name.trim(), description } });
      if (saved.error) return failed(saved.error);
      if (saved.data.errors.length) return setIssues({ errors: saved.data.errors, warnings: saved.data.warnings });
      const avatar = await upload({ id, file: new Blob([identicon], { type: 'image/svg+xml' }), fileName: 'identicon.svg' });
      if (avatar.error) return failed(avatar.error);
      setIssues({ errors: [], warnings: saved.data.warnings });
      setTimeout(() => {
        onClose();
        void navigate(`/chat/agents/configstate/${id}/edit`);
      }, QuickCreateCloseDelayMs);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ p: 2 }}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography variant="h6" component="h2">
        {t('chat.createPersonalAgent')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box
          role="img"
          aria-label={t('personalAgents.avatarLabel')}
          sx={{ width: QuickCreateIdenticonSize, height: QuickCreateIdenticonSize, mt: 2, flexShrink: 0 }}
          dangerouslySetInnerHTML={{ __html: identicon }}
        />
        <TextField
          label={t('personalAgents.agentName')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            forget('gptSystemName');
          }}
          onBlur={() => setTouched(true)}
          required
          autoFocus
          fullWidth
          error={!!nameProblem}
          helperText={nameProblem ?? ' '}
        />
      </Stack>
      <TextField
        label={t('personalAgents.description')}
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          forget('description');
        }}
        multiline
        minRows={2}
        error={!!descriptionProblem}
        helperText={descriptionProblem ?? ' '}
      />
      <ConfigIssues errors={elsewhere} warnings={issues.warnings} kind="create" />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onClose} disabled={busy}>
          {t('personalAgents.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
          {t('personalAgents.create')}
        </Button>
      </Stack>
    </Stack>
  );
}
