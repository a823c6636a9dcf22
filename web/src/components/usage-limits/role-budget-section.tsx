// A role's monthly token budget on its edit page (docs/usage-limits.md): tokens per month and whether reaching them
// only warns (Soft) or also refuses (Hard); those who may change roles set and remove it.
import './usage-limits-texts';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RoleBudgetEnforcements, UsageLimitMaxTokens, type RoleBudget, type RoleBudgetEnforcement } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/i18n/i18n';
import { AdminErrorAlert, AdminSection, apiErrorMessage, fieldErrors } from '../admin';
import { useGetRoleBudgetsQuery, useRemoveRoleBudgetMutation, useSetRoleBudgetMutation } from './usage-limits.api';

/** Whole tokens from 1 to UsageLimitMaxTokens; null for anything else. */
export function parseTokens(text: string): number | null {
  const digits = text.replace(/[\s,_]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  return n >= 1 && n <= UsageLimitMaxTokens ? n : null;
}

function BudgetForm({ userRoleId, budget, canWrite }: { userRoleId: string; budget: RoleBudget | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [save, saving] = useSetRoleBudgetMutation();
  const [remove, removing] = useRemoveRoleBudgetMutation();
  const [tokens, setTokens] = useState(budget ? String(budget.monthlyTokens) : '');
  const [enforcement, setEnforcement] = useState<RoleBudgetEnforcement>(budget?.enforcement ?? 'Soft');
  const [touched, setTouched] = useState(false);
  const parsed = parseTokens(tokens);
  const fields = fieldErrors(saving.error);
  const invalid = touched && parsed === null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (parsed === null) return;
    const result = await save({ userRoleId, monthlyTokens: parsed, enforcement });
    if ('data' in result) enqueueSnackbar(t('usageLimits.budgetSaved'), { variant: 'success' });
  };
  const doRemove = async () => {
    const result = await remove(userRoleId);
    if ('error' in result) enqueueSnackbar(apiErrorMessage(result.error, t('usageLimits.budgetFailed')), { variant: 'error' });
    else {
      setTokens('');
      setTouched(false);
      enqueueSnackbar(t('usageLimits.budgetRemoved'), { variant: 'success' });
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label={t('usageLimits.budgetTitle')}>
      <Typography variant="body2" color="text.secondary">
        {t('usageLimits.budgetHelp')}
      </Typography>
      {!budget && (
        <Typography variant="body2" role="status">
          {t('usageLimits.budgetNone')}
        </Typography>
      )}
      {saving.error && Object.keys(fields).length === 0 && <AdminErrorAlert error={saving.error} />}
      <TextField
        label={t('usageLimits.monthlyTokens')}
        value={tokens}
        disabled={!canWrite}
        onChange={(e) => setTokens(e.target.value)}
        onBlur={() => setTouched(true)}
        error={invalid || Boolean(fields.monthlyTokens)}
        helperText={invalid ? t('usageLimits.budgetInvalid') : fields.monthlyTokens}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
        sx={{ maxWidth: 320 }}
      />
      <div>
        <FormLabel id={`enforcement-${userRoleId}`}>{t('usageLimits.enforcement')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={`enforcement-${userRoleId}`}
          value={enforcement}
          onChange={(e) => setEnforcement(e.target.value as RoleBudgetEnforcement)}
        >
          {RoleBudgetEnforcements.map((e) => (
            <FormControlLabel key={e} value={e} disabled={!canWrite} control={<Radio />} label={t(`usageLimits.${e}`)} />
          ))}
        </RadioGroup>
      </div>
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {budget && (
            <Button color="error" onClick={() => void doRemove()} disabled={removing.isLoading}>
              {t('usageLimits.removeBudget')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={saving.isLoading || (touched && parsed === null)}>
            {budget ? t('usageLimits.saveBudget') : t('usageLimits.setBudget')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

export function RoleBudgetSection({ userRoleId, canWrite }: { userRoleId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const { data, error, refetch } = useGetRoleBudgetsQuery();
  const budget = data?.items.find((b) => b.userRoleId === userRoleId) ?? null;
  return (
    <AdminSection title={t('usageLimits.budgetTitle')}>
      {error ? (
        <AdminErrorAlert error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <BudgetForm key={budget ? `${budget.monthlyTokens}-${budget.enforcement}` : 'none'} userRoleId={userRoleId} budget={budget} canWrite={canWrite} />
      )}
    </AdminSection>
  );
}
