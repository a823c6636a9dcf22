// /admin/chatAccessPolicy/new and /{id}/edit: name, the agents covered (or all), and the users, roles
// and directory groups granted. Field errors come from the server's 400 details.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ChatAccessPolicyDescriptionMaxLength, ChatAccessPolicyNameMaxLength, type ChatAccessPolicy, type ChatAccessPolicyInput } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate, useParams } from 'react-router';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminErrorAlert, AdminPageHeader, AdminSection, ConfirmDialog, fieldErrors } from '../../../components/admin';
import {
  useCreateChatAccessPolicyMutation,
  useDeleteChatAccessPolicyMutation,
  useGetChatAccessPolicyQuery,
  useUpdateChatAccessPolicyMutation,
} from '../api/chat-access-policies.api';
import { AgentsPicker, GroupsPicker, RolesPicker, UsersPicker } from './policy-pickers';
import type { PickerOption } from './multi-picker';
import { can } from '../../../app/hooks/can';

const ListPath = '/admin/chatAccessPolicy';

interface FormState {
  name: string;
  description: string;
  allGptSystems: boolean;
  agents: PickerOption[];
  users: PickerOption[];
  roles: PickerOption[];
  groups: PickerOption[];
}

const emptyForm: FormState = { name: '', description: '', allGptSystems: false, agents: [], users: [], roles: [], groups: [] };

const formOf = (p: ChatAccessPolicy): FormState => {
  // ids whose entity is gone are kept (by id) so that saving does not silently drop them
  const named = <T,>(ids: string[], items: T[], id: (x: T) => string, label: (x: T) => string, secondary?: (x: T) => string) =>
    ids.map((i) => {
      const item = items.find((x) => id(x) === i);
      return item ? { id: i, label: label(item), secondary: secondary?.(item) } : { id: i, label: i };
    });
  return {
    name: p.name,
    description: p.description,
    allGptSystems: p.allGptSystems,
    agents: named(
      p.gptSystemIds,
      p.gptSystems,
      (a) => a.gptSystemId,
      (a) => a.name,
    ),
    users: named(
      p.userIds,
      p.users,
      (u) => u.userId,
      (u) => u.displayName,
      (u) => u.emailAddress,
    ),
    roles: named(
      p.userRoleIds,
      p.userRoles,
      (r) => r.userRoleId,
      (r) => r.name,
    ),
    groups: named(
      p.directoryGroupIds,
      p.directoryGroups,
      (g) => g.id,
      (g) => g.displayName,
    ),
  };
};

const inputOf = (f: FormState): ChatAccessPolicyInput => ({
  name: f.name,
  description: f.description,
  allGptSystems: f.allGptSystems,
  gptSystemIds: f.allGptSystems ? [] : f.agents.map((a) => a.id),
  userIds: f.users.map((u) => u.id),
  userRoleIds: f.roles.map((r) => r.id),
  directoryGroupIds: f.groups.map((g) => g.id),
});

function PolicyForm({ policy }: { policy: ChatAccessPolicy | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const mayCreate = useMayAct('chatAccessPolicies', 'create');
  const canWrite = policy ? can(policy, 'Edit') : mayCreate;
  const [form, setForm] = useState<FormState>(() => (policy ? formOf(policy) : emptyForm));
  const [create, created] = useCreateChatAccessPolicyMutation();
  const [update, updated] = useUpdateChatAccessPolicyMutation();
  const [remove, removed] = useDeleteChatAccessPolicyMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const saving = created.isLoading || updated.isLoading;
  const saveError = policy ? updated.error : created.error;
  const errors = fieldErrors(saveError);
  const errorOf = (prefix: string) => Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];
  const set =
    <K extends keyof FormState>(key: K) =>
    (value: FormState[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = inputOf(form);
    const result = policy ? await update({ id: policy.chatAccessPolicyId, body }) : await create(body);
    if ('data' in result && result.data) {
      enqueueSnackbar(t('accessPolicies.saved'), { variant: 'success' });
      navigate(ListPath);
    }
  };

  const onDelete = async () => {
    if (!policy) return;
    const result = await remove(policy.chatAccessPolicyId);
    setConfirmDelete(false);
    if ('error' in result) enqueueSnackbar(t('accessPolicies.deleteFailed'), { variant: 'error' });
    else {
      enqueueSnackbar(t('accessPolicies.deleted'), { variant: 'success' });
      navigate(ListPath);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack spacing={3} sx={{ maxWidth: 860 }}>
        {saveError && Object.keys(errors).length === 0 && <AdminErrorAlert error={saveError} fallback={t('accessPolicies.saveFailed')} />}
        {saveError && Object.keys(errors).length > 0 && <Alert severity="error">{t('accessPolicies.saveFailed')}</Alert>}
        <AdminSection spaced title={t('accessPolicies.fields.name')}>
          <TextField
            label={t('accessPolicies.fields.name')}
            value={form.name}
            onChange={(e) => set('name')(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: ChatAccessPolicyNameMaxLength } }}
            error={!!errors.name}
            helperText={errors.name}
            disabled={!canWrite}
          />
          <TextField
            label={t('accessPolicies.fields.description')}
            value={form.description}
            onChange={(e) => set('description')(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: ChatAccessPolicyDescriptionMaxLength } }}
            error={!!errors.description}
            helperText={errors.description}
            disabled={!canWrite}
          />
        </AdminSection>
        <AdminSection spaced title={t('accessPolicies.sections.agents')}>
          <FormControlLabel
            control={<Switch checked={form.allGptSystems} onChange={(e) => set('allGptSystems')(e.target.checked)} disabled={!canWrite} />}
            label={t('accessPolicies.fields.allAgents')}
          />
          {form.allGptSystems ? (
            <Alert severity="info">{t('accessPolicies.fields.allAgentsHelp')}</Alert>
          ) : (
            <AgentsPicker value={form.agents} onChange={set('agents')} error={errorOf('gptSystemIds')} disabled={!canWrite} />
          )}
        </AdminSection>
        <AdminSection spaced title={t('accessPolicies.sections.principals')}>
          <UsersPicker value={form.users} onChange={set('users')} error={errorOf('userIds')} disabled={!canWrite} />
          <RolesPicker value={form.roles} onChange={set('roles')} error={errorOf('userRoleIds')} disabled={!canWrite} />
          <GroupsPicker value={form.groups} onChange={set('groups')} error={errorOf('directoryGroupIds')} disabled={!canWrite} />
        </AdminSection>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          {policy && canWrite && (
            <Button color="error" onClick={() => setConfirmDelete(true)} sx={{ mr: 'auto' }}>
              {t('accessPolicies.delete')}
            </Button>
          )}
          <Button onClick={() => navigate(ListPath)}>{t('accessPolicies.cancel')}</Button>
          {canWrite && (
            <Button type="submit" variant="contained" disabled={saving} startIcon={saving ? <CircularProgress size={16} /> : undefined}>
              {policy ? t('accessPolicies.save') : t('accessPolicies.create')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmDelete}
        title={t('accessPolicies.deleteTitle')}
        text={t('accessPolicies.deleteText', { name: policy?.name ?? '' })}
        confirmLabel={t('accessPolicies.delete')}
        busy={removed.isLoading}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void onDelete()}
      />
    </Box>
  );
}

export function AccessPolicyEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const query = useGetChatAccessPolicyQuery(id ?? '', { skip: !id, refetchOnMountOrArgChange: true });
  const title = id ? t('accessPolicies.editTitle') : t('accessPolicies.newTitle');
  return (
    <>
      <AdminPageHeader title={title} breadcrumbs={[{ label: t('accessPolicies.title'), to: ListPath }, { label: id ? (query.data?.name ?? title) : title }]} />
      {id && query.isLoading && <CircularProgress aria-label={t('accessPolicies.loading')} />}
      {id && query.error && <AdminErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {(!id || query.data) && <PolicyForm key={query.data?.updatedAt ?? 'new'} policy={id ? (query.data ?? null) : null} />}
    </>
  );
}
