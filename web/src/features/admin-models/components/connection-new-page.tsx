// /admin/models/new: pick a provider (OpenAI-compatible servers with presets for Ollama, vLLM and LM
// Studio), fill in its settings, "Test connection" to list the server's models, choose the ones agents may
// answer with, and save: the connection and its deployments in one request. The first chat model of an
// instance becomes its default, so the next question is answered by it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ListedModel, ProviderDescription, ProviderTypeName } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminErrorAlert, AdminPageHeader, AdminSection, fieldErrors } from '../../../components/admin';
import { useCreateConnectionMutation, useListConnectionsQuery, useListProvidersQuery, useTestConnectionSettingsMutation } from '../api/connections.api';
import { AddableProviders, allDeploymentNames, CompatiblePresets, deploymentNameOf, uniqueName, type PresetKey } from '../model-choices';
import { ConnectionSettingsFields, emptySettings, settingValue, type SettingsForm } from './connection-settings-fields';
import { ConnectionTestResultView } from './connection-test-result';
import { ModelsPath } from './models-paths';

const manualModel = (id: string): ListedModel => ({ id, displayName: null, baseModel: null, kind: null, contextWindow: null });

export function ConnectionNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const canWrite = useMayAct('connections', 'write');
  const providers = useListProvidersQuery();
  const connections = useListConnectionsQuery();
  const [providerType, setProviderType] = useState<ProviderTypeName | null>(null);
  const [preset, setPreset] = useState<PresetKey>('ollama');
  const [settings, setSettings] = useState<SettingsForm>(emptySettings);
  const [chosen, setChosen] = useState<ListedModel[]>([]);
  const [manual, setManual] = useState('');
  const [test, tested] = useTestConnectionSettingsMutation();
  const [create, created] = useCreateConnectionMutation();
  const provider = providers.data?.items.find((p) => p.providerType === providerType);
  const errors = { ...fieldErrors(tested.error), ...fieldErrors(created.error) };
  const otherError = created.error && Object.keys(fieldErrors(created.error)).length === 0 ? created.error : null;
  const title = t('adminModels.newConnection.title');

  const pickProvider = (p: ProviderDescription) => {
    const first = CompatiblePresets[0]!;
    setProviderType(p.providerType);
    setPreset(first.key);
    setSettings({
      ...emptySettings,
      name: p.providerType === 'OpenAICompatible' ? first.name : p.displayName,
      endpoint: p.providerType === 'OpenAICompatible' ? first.endpoint : '',
    });
    setChosen([]);
    tested.reset();
  };

  const pickPreset = (key: PresetKey) => {
    const next = CompatiblePresets.find((p) => p.key === key)!;
    setPreset(key);
    setSettings((s) => ({ ...s, name: next.name, endpoint: next.endpoint }));
  };

  const body = () => ({
    providerType: providerType!,
    endpoint: settingValue(settings.endpoint),
    apiVersion: settingValue(settings.apiVersion),
    apiKey: settingValue(settings.apiKey),
  });

  const runTest = async () => {
    const result = await test(body());
    // one click from here to an answering model: the first chat model is chosen unless the person chose
    if (result.data?.ok && chosen.length === 0) {
      const firstChat = result.data.models.find((m) => m.kind === 'Chat');
      if (firstChat) setChosen([firstChat]);
    }
  };

  const toggle = (model: ListedModel) => setChosen((list) => (list.some((m) => m.id === model.id) ? list.filter((m) => m.id !== model.id) : [...list, model]));

  const addManual = () => {
    const id = manual.trim();
    if (id && !chosen.some((m) => m.id === id)) setChosen((list) => [...list, manualModel(id)]);
    setManual('');
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!provider) return;
    const taken = allDeploymentNames(connections.data?.items ?? []);
    const deployments = chosen.map((m) => {
      const name = uniqueName(deploymentNameOf(m.id), taken);
      taken.push(name);
      // a model of no known kind is a chat model, where the provider has chat (an Azure AI Speech voice is Speech)
      const kind =
        m.kind && provider.deploymentKinds.includes(m.kind) ? m.kind : provider.deploymentKinds.includes('Chat') ? 'Chat' : provider.deploymentKinds[0]!;
      return { name, displayName: (m.displayName ?? m.id).slice(0, 200), model: m.id, kind, contextWindow: m.contextWindow };
    });
    const result = await create({ ...body(), name: settings.name.trim(), deployments });
    if (result.data) {
      const answering = result.data.deployments.find((d) => d.kind === 'Chat' && d.isDefault);
      enqueueSnackbar(answering ? t('adminModels.newConnection.savedWithModel', { model: answering.displayName }) : t('adminModels.newConnection.saved'), {
        variant: 'success',
      });
      navigate(`${ModelsPath}/${result.data.connectionId}`);
    }
  };

  const chosenIds = new Set(chosen.map((m) => m.id));
  return (
    <>
      <AdminPageHeader title={title} breadcrumbs={[{ label: t('adminModels.title'), to: ModelsPath }, { label: title }]} />
      {providers.error && <AdminErrorAlert error={providers.error} onRetry={() => void providers.refetch()} />}
      <Box component="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack spacing={3} sx={{ maxWidth: 860 }}>
          <AdminSection title={t('adminModels.providers.title')}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('adminModels.providers.choose')}
            </Typography>
            {providers.isLoading && <CircularProgress size={24} />}
            <RadioGroup
              value={providerType ?? ''}
              onChange={(e) => {
                const p = providers.data?.items.find((x) => x.providerType === e.target.value);
                if (p) pickProvider(p);
              }}
              aria-label={t('adminModels.providers.title')}
            >
              <Grid container spacing={1.5}>
                {AddableProviders.map((type) => providers.data?.items.find((p) => p.providerType === type))
                  .filter((p): p is ProviderDescription => !!p)
                  .map((p) => (
                    <Grid key={p.providerType} size={{ xs: 12, sm: 6 }}>
                      <Paper
                        variant="outlined"
                        sx={{
                          height: '100%',
                          px: 1.5,
                          py: 1,
                          borderColor: providerType === p.providerType ? 'primary.main' : 'divider',
                          borderWidth: providerType === p.providerType ? 2 : 1,
                        }}
                      >
                        <FormControlLabel
                          value={p.providerType}
                          control={<Radio />}
                          disabled={!canWrite}
                          sx={{ alignItems: 'flex-start', m: 0, width: '100%', '& .MuiRadio-root': { mt: -0.5 } }}
                          label={
                            <Box>
                              <Typography sx={{ fontWeight: 600 }}>{p.displayName}</Typography>
                              <Typography variant="body2" color="text.secondary">
                                {p.description}
                              </Typography>
                            </Box>
                          }
                        />
                      </Paper>
                    </Grid>
                  ))}
              </Grid>
            </RadioGroup>
          </AdminSection>
          {provider && (
            <AdminSection title={t('adminModels.connection.settings')}>
              <Stack spacing={2.5}>
                {provider.providerType === 'OpenAICompatible' && (
                  <Stack spacing={1}>
                    <Typography variant="subtitle2" id="preset-label">
                      {t('adminModels.presets.label')}
                    </Typography>
                    <ToggleButtonGroup
                      exclusive
                      size="small"
                      color="primary"
                      value={preset}
                      onChange={(_e, key: PresetKey | null) => key && pickPreset(key)}
                      aria-labelledby="preset-label"
                      sx={{ flexWrap: 'wrap' }}
                    >
                      {CompatiblePresets.map((p) => (
                        <ToggleButton key={p.key} value={p.key} sx={{ px: 2 }}>
                          {t(`adminModels.presets.${p.key}`)}
                        </ToggleButton>
                      ))}
                    </ToggleButtonGroup>
                  </Stack>
                )}
                <ConnectionSettingsFields provider={provider} value={settings} onChange={setSettings} errors={errors} disabled={!canWrite} />
                <Box>
                  <Button
                    variant="outlined"
                    onClick={() => void runTest()}
                    disabled={tested.isLoading}
                    startIcon={tested.isLoading ? <CircularProgress size={16} /> : undefined}
                  >
                    {tested.isLoading ? t('adminModels.test.testing') : t('adminModels.test.button')}
                  </Button>
                </Box>
                <ConnectionTestResultView
                  result={tested.data}
                  error={tested.error && Object.keys(fieldErrors(tested.error)).length === 0 ? tested.error : undefined}
                  kinds={provider.deploymentKinds}
                  action={{ kind: 'choose', chosen: chosenIds, onToggle: toggle }}
                />
              </Stack>
            </AdminSection>
          )}
          {provider && (
            <AdminSection title={t('adminModels.newConnection.models')}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('adminModels.newConnection.modelsHelp')} {!tested.data?.ok && t('adminModels.newConnection.testFirst')}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} aria-live="polite">
                {chosen.length === 0 && <Typography color="text.secondary">{t('adminModels.newConnection.noModelsChosen')}</Typography>}
                {chosen.map((m) => (
                  <Chip key={m.id} label={m.kind && m.kind !== 'Chat' ? `${m.id} · ${t(`adminModels.kinds.${m.kind}`)}` : m.id} onDelete={() => toggle(m)} />
                ))}
              </Stack>
              {Object.entries(errors)
                .filter(([field]) => field.startsWith('deployments'))
                .map(([field, message]) => (
                  <Alert key={field} severity="error" sx={{ mb: 2 }}>
                    {message}
                  </Alert>
                ))}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  size="small"
                  fullWidth
                  label={t('adminModels.newConnection.addByName')}
                  helperText={provider.modelFieldDescription}
                  value={manual}
                  onChange={(e) => setManual(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addManual();
                    }
                  }}
                  slotProps={{ htmlInput: { spellCheck: false, maxLength: 200 } }}
                />
                <Button
                  variant="outlined"
                  onClick={addManual}
                  disabled={!manual.trim()}
                  sx={{ alignSelf: { xs: 'flex-start', sm: 'flex-start' }, mt: { sm: 0.25 } }}
                >
                  {t('adminModels.newConnection.add')}
                </Button>
              </Stack>
            </AdminSection>
          )}
          {otherError && <AdminErrorAlert error={otherError} fallback={t('adminModels.newConnection.saveFailed')} />}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => navigate(ModelsPath)}>{t('adminUi.cancel')}</Button>
            {canWrite && (
              <Button
                type="submit"
                variant="contained"
                disabled={!provider || created.isLoading}
                startIcon={created.isLoading ? <CircularProgress size={16} /> : undefined}
              >
                {created.isLoading ? t('adminModels.newConnection.saving') : t('adminModels.newConnection.save')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
    </>
  );
}
