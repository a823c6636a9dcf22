// Adds or edits a deployment: what people see and agents name it, the provider's model, its kind, what it
// can do (vision, tools, HIPAA), its limits and its prices, and for Embedding deployments the vector length asked
// of the model. A Rerank or Speech deployment has none of vision, tools, limits or prices (a reranker reads the question and
// the passages, and answers scores): only HIPAA, enabled and default. Numbers go out as numbers (docs/product.md §5); the server's 400 details show under their fields.
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Autocomplete from '@mui/material/Autocomplete';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Deployment, DeploymentCreate, DeploymentKind, ListedModel } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, fieldErrors } from '../../../components/admin';
import { useCreateDeploymentMutation, useUpdateDeploymentMutation } from '../api/connections.api';
import { deploymentNameOf, numberOf, uniqueName } from '../model-choices';

interface Form {
  displayName: string;
  name: string;
  model: string;
  kind: DeploymentKind;
  vision: boolean;
  tools: boolean;
  hipaaCompliant: boolean;
  enabled: boolean;
  isDefault: boolean;
  contextWindow: string;
  maxOutputTokens: string;
  inputPrice: string;
  outputPrice: string;
  /** Embedding deployments: the vector length (`dimensions`), empty for the model's own */
  dimensions: string;
}

const text = (n: number | null) => (n === null ? '' : String(n));

const formOf = (d: Deployment): Form => ({
  displayName: d.displayName,
  name: d.name,
  model: d.model,
  kind: d.kind,
  vision: d.vision,
  tools: d.tools,
  hipaaCompliant: d.hipaaCompliant,
  enabled: d.enabled,
  isDefault: d.isDefault,
  contextWindow: text(d.contextWindow),
  maxOutputTokens: text(d.maxOutputTokens),
  inputPrice: text(d.inputPricePerMillionTokens),
  outputPrice: text(d.outputPricePerMillionTokens),
  dimensions: text(d.dimensions),
});

const newForm = (model: ListedModel | null, kinds: readonly DeploymentKind[], taken: readonly string[]): Form => ({
  displayName: model?.displayName ?? model?.id ?? '',
  name: model ? uniqueName(deploymentNameOf(model.id), taken) : '',
  model: model?.id ?? '',
  kind: model?.kind && kinds.includes(model.kind) ? model.kind : (kinds[0] ?? 'Chat'),
  vision: false,
  tools: false,
  hipaaCompliant: false,
  enabled: true,
  isDefault: false,
  contextWindow: text(model?.contextWindow ?? null),
  maxOutputTokens: '',
  inputPrice: '',
  outputPrice: '',
  dimensions: '',
});

const NumberFields = ['contextWindow', 'maxOutputTokens', 'inputPrice', 'outputPrice', 'dimensions'] as const;
type NumberField = (typeof NumberFields)[number];
/** the body's field of each number field, for the server's details */
const bodyField: Record<NumberField, string> = {
  contextWindow: 'contextWindow',
  maxOutputTokens: 'maxOutputTokens',
  inputPrice: 'inputPricePerMillionTokens',
  outputPrice: 'outputPricePerMillionTokens',
  dimensions: 'dimensions',
};
/** the number fields a kind has: only Embedding deployments have a vector length, Rerank and Speech deployments none */
const numberFieldsOf = (kind: DeploymentKind): readonly NumberField[] =>
  kind === 'Rerank' || kind === 'Speech' ? [] : kind === 'Embedding' ? NumberFields : NumberFields.filter((f) => f !== 'dimensions');
/** whether the kind answers in turns that may read images and call tools */
const answersInTurns = (kind: DeploymentKind) => kind !== 'Rerank' && kind !== 'Speech';

export interface DeploymentDialogProps {
  open: boolean;
  connectionId: string;
  /** the kinds the connection's provider serves */
  kinds: readonly DeploymentKind[];
  /** editing this deployment; else a new one, from `model` when the server listed it */
  deployment: Deployment | null;
  model?: ListedModel | null;
  /** the server's models, offered in the model field */
  models?: readonly ListedModel[];
  /** every deployment name of the instance (names are unique) */
  takenNames: readonly string[];
  onClose: () => void;
}

export function DeploymentDialog({ open, ...rest }: DeploymentDialogProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  // a new form for every opening: the dialog's contents mount with it
  return (
    <Dialog open={open} onClose={rest.onClose} fullScreen={small} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {open && <DeploymentForm {...rest} titleId={titleId} />}
    </Dialog>
  );
}

function DeploymentForm({
  connectionId,
  kinds,
  deployment,
  model = null,
  models = [],
  takenNames,
  onClose,
  titleId,
}: Omit<DeploymentDialogProps, 'open'> & { titleId: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [form, setForm] = useState<Form>(() => (deployment ? formOf(deployment) : newForm(model, kinds, takenNames)));
  const [numberErrors, setNumberErrors] = useState<Record<string, string>>({});
  // a new deployment's name and display name follow the model until someone types them
  const [follow, setFollow] = useState({ name: !deployment, displayName: !deployment });
  const [create, created] = useCreateDeploymentMutation();
  const [update, updated] = useUpdateDeploymentMutation();
  const saving = created.isLoading || updated.isLoading;
  const saveError = deployment ? updated.error : created.error;
  const errors = { ...fieldErrors(saveError), ...numberErrors };
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const numbers: Record<string, number | null> = {};
    const bad: Record<string, string> = {};
    for (const field of numberFieldsOf(form.kind)) {
      const value = numberOf(form[field]);
      if (value === undefined) bad[bodyField[field]] = t('adminModels.dialog.notANumber');
      else numbers[bodyField[field]] = value;
    }
    setNumberErrors(bad);
    if (Object.keys(bad).length > 0) return;
    const body = {
      displayName: form.displayName.trim() || form.name.trim(),
      name: form.name,
      model: form.model,
      kind: form.kind,
      vision: answersInTurns(form.kind) && form.vision,
      tools: answersInTurns(form.kind) && form.tools,
      hipaaCompliant: form.hipaaCompliant,
      enabled: form.enabled,
      isDefault: form.isDefault,
      ...numbers,
    } as DeploymentCreate;
    const result = deployment ? await update({ connectionId, deploymentId: deployment.deploymentId, body }) : await create({ connectionId, body });
    if (!result.error) {
      enqueueSnackbar(t('adminModels.dialog.saved'), { variant: 'success' });
      onClose();
    }
  };

  const number = (field: NumberField, label: string, help?: string) => (
    <TextField
      fullWidth
      label={label}
      value={form[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      slotProps={{ htmlInput: { inputMode: field === 'dimensions' ? 'numeric' : 'decimal' } }}
      error={!!errors[bodyField[field]]}
      helperText={errors[bodyField[field]] ?? help}
    />
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <DialogTitle id={titleId}>{deployment ? t('adminModels.dialog.editTitle') : t('adminModels.dialog.newTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {saveError && <AdminErrorAlert error={saveError} fallback={t('adminModels.dialog.saveFailed')} />}
          <Autocomplete
            freeSolo
            options={models.map((m) => m.id)}
            value={form.model}
            onInputChange={(_e, value) =>
              value !== form.model &&
              set({
                model: value,
                ...(follow.name ? { name: value.trim() ? uniqueName(deploymentNameOf(value), takenNames) : '' } : {}),
                ...(follow.displayName ? { displayName: value.trim() } : {}),
              })
            }
            renderInput={(params) => <TextField {...params} label={t('adminModels.dialog.model')} required error={!!errors.model} helperText={errors.model} />}
          />
          <TextField
            label={t('adminModels.dialog.displayName')}
            value={form.displayName}
            onChange={(e) => {
              setFollow((f) => ({ ...f, displayName: false }));
              set({ displayName: e.target.value });
            }}
            error={!!errors.displayName}
            helperText={errors.displayName ?? t('adminModels.dialog.displayNameHelp')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={t('adminModels.dialog.name')}
            value={form.name}
            onChange={(e) => {
              setFollow((f) => ({ ...f, name: false }));
              set({ name: e.target.value });
            }}
            required
            error={!!errors.name}
            helperText={errors.name ?? t('adminModels.dialog.nameHelp')}
            slotProps={{ htmlInput: { maxLength: 100, spellCheck: false } }}
          />
          <TextField
            select
            label={t('adminModels.dialog.kind')}
            value={form.kind}
            onChange={(e) => set({ kind: e.target.value as DeploymentKind })}
            error={!!errors.kind}
            helperText={
              errors.kind ??
              (form.kind === 'Rerank' ? t('adminModels.dialog.rerankHelp') : form.kind === 'Speech' ? t('adminModels.dialog.speechHelp') : undefined)
            }
          >
            {kinds.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`adminModels.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack>
            {answersInTurns(form.kind) && (
              <>
                <FormControlLabel
                  control={<Switch checked={form.vision} onChange={(e) => set({ vision: e.target.checked })} />}
                  label={t('adminModels.dialog.vision')}
                />
                <FormControlLabel
                  control={<Switch checked={form.tools} onChange={(e) => set({ tools: e.target.checked })} />}
                  label={t('adminModels.dialog.tools')}
                />
              </>
            )}
            <FormControlLabel
              control={<Switch checked={form.hipaaCompliant} onChange={(e) => set({ hipaaCompliant: e.target.checked })} />}
              label={t('adminModels.dialog.hipaa')}
            />
            <FormControlLabel
              control={<Switch checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} />}
              label={t('adminModels.dialog.enabled')}
            />
            <FormControlLabel
              control={<Switch checked={form.isDefault} onChange={(e) => set({ isDefault: e.target.checked })} />}
              label={t('adminModels.dialog.isDefault')}
            />
            {(errors.isDefault || errors.enabled) && (
              <Typography variant="caption" color="error">
                {errors.isDefault ?? errors.enabled}
              </Typography>
            )}
          </Stack>
          {numberFieldsOf(form.kind).length > 0 && (
            <>
              <Typography variant="subtitle2">{t('adminModels.dialog.limits')}</Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>{number('contextWindow', t('adminModels.dialog.contextWindow'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{number('maxOutputTokens', t('adminModels.dialog.maxOutputTokens'))}</Grid>
                {form.kind === 'Embedding' && (
                  <Grid size={12}>{number('dimensions', t('adminModels.dialog.dimensions'), t('adminModels.dialog.dimensionsHelp'))}</Grid>
                )}
              </Grid>
              <div>
                <Typography variant="subtitle2">{t('adminModels.dialog.prices')}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('adminModels.dialog.pricesHelp')}
                </Typography>
              </div>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>{number('inputPrice', t('adminModels.dialog.inputPrice'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{number('outputPrice', t('adminModels.dialog.outputPrice'))}</Grid>
              </Grid>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('adminUi.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={saving} startIcon={saving ? <CircularProgress size={16} /> : undefined}>
          {t('adminModels.dialog.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
