// /admin/models/{connectionId}: a connection's settings (tested before saving, with the stored key unless a
// new one is typed), the models its server offers (each added as a deployment in one step), and its
// deployments: kind, default of each kind, what they can do, limits and prices.
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Connection, Deployment, ListedModel, ProviderDescription } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminErrorAlert, AdminPageHeader, AdminSection, apiErrorMessage, ConfirmDialog, fieldErrors } from '../../../components/admin';
import {
  useDeleteConnectionMutation,
  useDeleteDeploymentMutation,
  useGetConnectionQuery,
  useListConnectionsQuery,
  useListProvidersQuery,
  useTestConnectionSettingsMutation,
  useTestSavedConnectionMutation,
  useUpdateConnectionMutation,
  useUpdateDeploymentMutation,
} from '../api/connections.api';
import { allDeploymentNames } from '../model-choices';
import { ConnectionSettingsFields, settingValue, type SettingsForm } from './connection-settings-fields';
import { ConnectionTestResultView } from './connection-test-result';
import { DeploymentDialog } from './deployment-dialog';
import { DeploymentList } from './deployment-list';
import { ModelsPath } from './models-paths';

const settingsOf = (c: Connection): SettingsForm => ({
  name: c.name,
  endpoint: c.endpoint ?? '',
  apiVersion: c.apiVersion ?? '',
  apiKey: '',
  removeKey: false,
});

export function ConnectionPage() {
  const { t } = useTranslation();
  const { connectionId = '' } = useParams();
  const query = useGetConnectionQuery(connectionId, { refetchOnMountOrArgChange: true });
  const providers = useListProvidersQuery();
  const provider = providers.data?.items.find((p) => p.providerType === query.data?.providerType);
  const title = query.data?.name ?? t('adminModels.title');
  return (
    <>
      <AdminPageHeader
        title={title}
        subtitle={
          query.data ? (
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {[provider?.displayName ?? query.data.providerType, query.data.endpoint].filter(Boolean).join(' · ')}
            </Box>
          ) : undefined
        }
        breadcrumbs={[{ label: t('adminModels.title'), to: ModelsPath }, { label: title }]}
      />
      {query.isLoading && <CircularProgress aria-label={t('adminModels.loading')} />}
      {query.error && <AdminErrorAlert error={query.error} fallback={t('adminModels.connection.loadFailed')} onRetry={() => void query.refetch()} />}
      {providers.error && <AdminErrorAlert error={providers.error} onRetry={() => void providers.refetch()} />}
      {query.data && provider && <ConnectionEditor key={query.data.connectionId} connection={query.data} provider={provider} />}
    </>
  );
}

type DialogState = { deployment: Deployment | null; model: ListedModel | null } | null;

function ConnectionEditor({ connection, provider }: { connection: Connection; provider: ProviderDescription }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const canWrite = useMayAct('connections', 'write');
  const all = useListConnectionsQuery();
  const [settings, setSettings] = useState<SettingsForm>(() => settingsOf(connection));
  const [testSettings, testedSettings] = useTestConnectionSettingsMutation();
  // those who may only read test the saved settings (the server allows them no others)
  const [testSaved, testedSaved] = useTestSavedConnectionMutation();
  const tested = canWrite ? testedSettings : testedSaved;
  const [update, updated] = useUpdateConnectionMutation();
  const [remove, removed] = useDeleteConnectionMutation();
  const [updateDeployment] = useUpdateDeploymentMutation();
  const [deleteDeployment, deletingDeployment] = useDeleteDeploymentMutation();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deploymentToDelete, setDeploymentToDelete] = useState<Deployment | null>(null);
  const errors = { ...fieldErrors(tested.error), ...fieldErrors(updated.error) };
  const { connectionId } = connection;

  // typed settings over the saved ones: an untouched key field keeps (and tests with) the stored key
  const typedKey = settings.removeKey ? null : (settingValue(settings.apiKey) ?? undefined);
  const runTest = () =>
    void (canWrite
      ? testSettings({
          providerType: connection.providerType,
          connectionId,
          endpoint: settingValue(settings.endpoint),
          apiVersion: settingValue(settings.apiVersion),
          ...(typedKey === undefined ? {} : { apiKey: typedKey }),
        })
      : testSaved(connectionId));

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    const result = await update({
      connectionId,
      body: {
        name: settings.name.trim(),
        endpoint: settingValue(settings.endpoint),
        apiVersion: settingValue(settings.apiVersion),
        ...(typedKey === undefined ? {} : { apiKey: typedKey }),
      },
    });
    if (result.data) {
      enqueueSnackbar(t('adminModels.connection.saved'), { variant: 'success' });
      setSettings(settingsOf(result.data));
    }
  };

  const onDelete = async () => {
    try {
      await remove(connectionId).unwrap();
      enqueueSnackbar(t('adminModels.connection.deleted'), { variant: 'success' });
      navigate(ModelsPath);
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminModels.connection.deleteFailed')), { variant: 'error' });
      setConfirmDelete(false);
    }
  };

  const makeDefault = async (d: Deployment) => {
    try {
      await updateDeployment({ connectionId, deploymentId: d.deploymentId, body: { isDefault: true } }).unwrap();
      enqueueSnackbar(t('adminModels.deployments.madeDefault', { name: d.displayName }), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminModels.dialog.saveFailed')), { variant: 'error' });
    }
  };

  const onDeleteDeployment = async () => {
    if (!deploymentToDelete) return;
    try {
      await deleteDeployment({ connectionId, deploymentId: deploymentToDelete.deploymentId }).unwrap();
      enqueueSnackbar(t('adminModels.deployments.deleted'), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminModels.deployments.deleteFailed')), { variant: 'error' });
    }
    setDeploymentToDelete(null);
  };

  const added = new Set(connection.deployments.map((d) => d.model));
  const serverModels = tested.data?.ok ? tested.data.models : [];
  const otherSaveError = updated.error && Object.keys(fieldErrors(updated.error)).length === 0 ? updated.error : null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <AdminSection title={t('adminModels.connection.settings')}>
        <Box component="form" onSubmit={(e) => void onSave(e)} noValidate>
          <Stack spacing={2.5}>
            {otherSaveError && <AdminErrorAlert error={otherSaveError} fallback={t('adminModels.connection.saveFailed')} />}
            <ConnectionSettingsFields
              provider={provider}
              value={settings}
              onChange={setSettings}
              errors={errors}
              disabled={!canWrite}
              storedKey={connection.hasApiKey}
            />
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                onClick={runTest}
                disabled={tested.isLoading}
                startIcon={tested.isLoading ? <CircularProgress size={16} /> : undefined}
              >
                {tested.isLoading ? t('adminModels.test.testing') : t('adminModels.test.button')}
              </Button>
              {canWrite && (
                <Button type="submit" variant="contained" disabled={updated.isLoading}>
                  {t('adminModels.connection.save')}
                </Button>
              )}
              {canWrite && (
                <Button color="error" onClick={() => setConfirmDelete(true)} sx={{ ml: { sm: 'auto' } }}>
                  {t('adminModels.connection.delete')}
                </Button>
              )}
            </Stack>
            <ConnectionTestResultView
              result={tested.data}
              error={tested.error && Object.keys(fieldErrors(tested.error)).length === 0 ? tested.error : undefined}
              kinds={provider.deploymentKinds}
              action={canWrite ? { kind: 'add', added, onAdd: (model) => setDialog({ deployment: null, model }) } : undefined}
            />
          </Stack>
        </Box>
      </AdminSection>
      <AdminSection title={t('adminModels.deployments.title')}>
        <Stack spacing={2}>
          {canWrite && (
            <Box>
              <Button variant="outlined" startIcon={<Add />} onClick={() => setDialog({ deployment: null, model: null })}>
                {t('adminModels.deployments.add')}
              </Button>
            </Box>
          )}
          {connection.deployments.length === 0 && <Typography color="text.secondary">{t('adminModels.connection.noDeployments')}</Typography>}
          <DeploymentList
            deployments={connection.deployments}
            canWrite={canWrite}
            onEdit={(d) => setDialog({ deployment: d, model: null })}
            onDelete={setDeploymentToDelete}
            onMakeDefault={(d) => void makeDefault(d)}
          />
        </Stack>
      </AdminSection>
      <DeploymentDialog
        open={dialog !== null}
        connectionId={connectionId}
        kinds={provider.deploymentKinds}
        deployment={dialog?.deployment ?? null}
        model={dialog?.model ?? null}
        models={serverModels}
        takenNames={allDeploymentNames(all.data?.items ?? [connection])}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t('adminModels.connection.deleteTitle')}
        text={t('adminModels.connection.deleteText', { name: connection.name, count: connection.deployments.length })}
        confirmLabel={t('adminModels.connection.delete')}
        busy={removed.isLoading}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void onDelete()}
      />
      <ConfirmDialog
        open={deploymentToDelete !== null}
        title={t('adminModels.deployments.deleteTitle')}
        text={t('adminModels.deployments.deleteText', { name: deploymentToDelete?.displayName ?? '' })}
        confirmLabel={t('adminModels.deployments.deleteTitle')}
        busy={deletingDeployment.isLoading}
        onCancel={() => setDeploymentToDelete(null)}
        onConfirm={() => void onDeleteDeployment()}
      />
    </Stack>
  );
}
