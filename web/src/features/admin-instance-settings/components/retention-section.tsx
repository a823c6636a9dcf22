// Data retention on the hipaa tab (docs/retention.md): days to keep signed-in and public conversations, uploads and
// execution details; an empty field keeps that kind forever. HIPAA mode's defaults apply until values are saved; "Use
// the defaults" goes back to them. "Run now" starts the retention sweep (a job) after asking; the last run's counts
// show below.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RetentionKinds, RetentionMaxDays, RetentionMinDays, type RetentionDays, type RetentionKind, type RetentionSettings } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useFormatDateTime } from '../../../components/date-time';
import { AdminErrorAlert, ConfirmDialog, apiErrorMessage, fieldErrors } from '../../../components/admin';
import { useGetRetentionQuery, useResetRetentionMutation, useRunRetentionMutation, useSetRetentionMutation } from '../api/instance-admin.api';

type Inputs = Record<RetentionKind, string>;

const inputsOf = (days: RetentionDays): Inputs => Object.fromEntries(RetentionKinds.map((k) => [k, days[k] === null ? '' : String(days[k])])) as Inputs;

/** Whole days within the limits, null for an empty field, undefined when the text is neither. */
function daysOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= RetentionMinDays && n <= RetentionMaxDays ? n : undefined;
}

function RetentionForm({ data, canWrite, onRunQueued }: { data: RetentionSettings; canWrite: boolean; onRunQueued: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const formatDateTime = useFormatDateTime();
  const [inputs, setInputs] = useState(() => inputsOf(data.days));
  const [saveError, setSaveError] = useState<unknown>(null);
  const [confirmRun, setConfirmRun] = useState(false);
  const [save, saving] = useSetRetentionMutation();
  const [reset, resetting] = useResetRetentionMutation();
  const [run, running] = useRunRetentionMutation();
  const parsed = Object.fromEntries(RetentionKinds.map((k) => [k, daysOf(inputs[k])])) as Record<RetentionKind, number | null | undefined>;
  const invalid = RetentionKinds.filter((k) => parsed[k] === undefined);
  const serverErrors = fieldErrors(saveError);
  const busy = saving.isLoading || resetting.isLoading;

  const submit = async () => {
    if (invalid.length > 0) return;
    setSaveError(null);
    try {
      const saved = await save(parsed as RetentionDays).unwrap();
      setInputs(inputsOf(saved.days));
      enqueueSnackbar(t('adminInstanceSettings.saved'), { variant: 'success' });
    } catch (e) {
      setSaveError(e);
      enqueueSnackbar(apiErrorMessage(e, t('adminInstanceSettings.saveFailed')), { variant: 'error' });
    }
  };
  const backToDefaults = async () => {
    setSaveError(null);
    try {
      const saved = await reset().unwrap();
      setInputs(inputsOf(saved.days));
      enqueueSnackbar(t('adminInstanceSettings.retention.resetDone'), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminInstanceSettings.saveFailed')), { variant: 'error' });
    }
  };
  const runNow = async () => {
    try {
      const queued = await run().unwrap();
      onRunQueued();
      enqueueSnackbar(t(queued.jobId ? 'adminInstanceSettings.retention.runQueued' : 'adminInstanceSettings.retention.runAlready'), { variant: 'info' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminInstanceSettings.saveFailed')), { variant: 'error' });
    }
    setConfirmRun(false);
  };

  const status =
    data.source === 'Custom'
      ? t('adminInstanceSettings.retention.custom')
      : data.hipaaMode
        ? t('adminInstanceSettings.retention.hipaaDefaults')
        : t('adminInstanceSettings.retention.noneSet');
  const last = data.lastRun;
  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      aria-label={t('adminInstanceSettings.retention.title')}
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <Alert severity={data.source === 'Default' && data.hipaaMode ? 'info' : 'success'} variant="outlined">
        {status}
      </Alert>
      <Grid container spacing={2}>
        {RetentionKinds.map((kind) => {
          const error =
            parsed[kind] === undefined ? t('adminInstanceSettings.retention.invalid', { min: RetentionMinDays, max: RetentionMaxDays }) : serverErrors[kind];
          return (
            <Grid key={kind} size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                label={t(`adminInstanceSettings.retention.fields.${kind}`)}
                name={kind}
                value={inputs[kind]}
                placeholder={t('adminInstanceSettings.retention.forever')}
                disabled={!canWrite}
                error={!!error}
                helperText={error ?? t(`adminInstanceSettings.retention.help.${kind}`)}
                onChange={(e) => setInputs({ ...inputs, [kind]: e.target.value })}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 5 },
                  input: { endAdornment: <InputAdornment position="end">{t('adminInstanceSettings.retention.days')}</InputAdornment> },
                  inputLabel: { shrink: true },
                }}
              />
            </Grid>
          );
        })}
      </Grid>
      <Typography variant="body2" color="text.secondary">
        {last
          ? t('adminInstanceSettings.retention.lastRun', {
              date: formatDateTime(last.at),
              conversations: last.deleted.signedInConversations + last.deleted.publicConversations,
              uploads: last.deleted.visionImages + last.deleted.attachments + last.deleted.generatedImages + last.deleted.codeInterpreterFiles,
              traceLogs: last.deleted.traceLogs,
            })
          : t('adminInstanceSettings.retention.neverRun')}
      </Typography>
      {canWrite && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button variant="text" color="error" disabled={running.isLoading} onClick={() => setConfirmRun(true)}>
            {t('adminInstanceSettings.retention.run')}
          </Button>
          <Button variant="outlined" disabled={busy || data.source === 'Default'} onClick={() => void backToDefaults()}>
            {t('adminInstanceSettings.retention.reset')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || invalid.length > 0}>
            {t('adminInstanceSettings.save')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirmRun}
        title={t('adminInstanceSettings.retention.runTitle')}
        text={t('adminInstanceSettings.retention.runText')}
        confirmLabel={t('adminInstanceSettings.retention.runConfirm')}
        busy={running.isLoading}
        onCancel={() => setConfirmRun(false)}
        onConfirm={() => void runNow()}
      />
    </Stack>
  );
}

export function RetentionSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useGetRetentionQuery();
  // after "Run now" the section asks again every 2 s until the run's counts arrive (a minute at most)
  const [waitingFor, setWaitingFor] = useState<{ lastRun: string | null } | null>(null);
  const lastRunAt = data?.lastRun?.at ?? null;
  useGetRetentionQuery(undefined, { pollingInterval: 2000, skip: !waitingFor || lastRunAt !== waitingFor.lastRun });
  useEffect(() => {
    if (!waitingFor) return;
    const timer = setTimeout(() => setWaitingFor(null), 60_000);
    return () => clearTimeout(timer);
  }, [waitingFor]);
  const version = data ? `${data.source}|${data.hipaaMode}|${RetentionKinds.map((k) => data.days[k]).join(',')}` : '';
  return (
    <Paper variant="outlined" component="section" aria-label={t('adminInstanceSettings.retention.title')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('adminInstanceSettings.retention.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('adminInstanceSettings.retention.text')}
      </Typography>
      {error && <AdminErrorAlert error={error} fallback={t('adminInstanceSettings.loadFailed')} onRetry={() => void refetch()} />}
      {isLoading && <Skeleton variant="rounded" height={220} />}
      {data && <RetentionForm key={version} data={data} canWrite={canWrite} onRunQueued={() => setWaitingFor({ lastRun: lastRunAt })} />}
    </Paper>
  );
}
