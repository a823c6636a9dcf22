// An agent's daily token limits in its draft's settings (docs/usage-limits.md): whether tokens are limited, the agent's
// tokens per day (everybody's together) and each person's, and the messages people read near a limit (from 80% of it)
// and once it is reached; empty messages use the defaults shown as placeholders. In effect once published.
import '../admin-agents-texts';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DefaultUsageMessages, UsageLimitMaxTokens, type AgentConfigWire } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';

export type TokenLimitSettings = NonNullable<AgentConfigWire['tokenLimitSettings']>;
type MessageField = keyof typeof DefaultUsageMessages;

export interface UsageLimitValues {
  limitTokens: boolean;
  tokensPerDay: string;
  tokensPerUserPerDay: string;
  messages: Record<MessageField, string>;
}

const MessageFields = Object.keys(DefaultUsageMessages) as MessageField[];
const text = (n: number | null | undefined) => (typeof n === 'number' ? String(n) : '');

export const usageLimitValuesOf = (s: TokenLimitSettings | null | undefined): UsageLimitValues => ({
  limitTokens: s?.limitTokens ?? false,
  tokensPerDay: text(s?.tokensPerDay),
  tokensPerUserPerDay: text(s?.tokensPerUserPerDay),
  messages: Object.fromEntries(MessageFields.map((f) => [f, s?.[f] ?? ''])) as Record<MessageField, string>,
});

/** Whole tokens, or null when empty; NaN for anything else (the field then says so and nothing is sent). */
export function tokensOf(value: string): number | null {
  const digits = value.replace(/[\s,_]/g, '');
  if (digits === '') return null;
  return /^\d+$/.test(digits) && Number(digits) <= UsageLimitMaxTokens ? Number(digits) : Number.NaN;
}

/** The settings as the draft keeps them; fields of the settings the editor does not show are kept as they were. */
export const usageLimitSettingsOf = (v: UsageLimitValues, before: TokenLimitSettings | null | undefined): TokenLimitSettings => ({
  ...before,
  limitTokens: v.limitTokens,
  tokensPerDay: tokensOf(v.tokensPerDay),
  tokensPerUserPerDay: tokensOf(v.tokensPerUserPerDay),
  ...Object.fromEntries(MessageFields.map((f) => [f, v.messages[f].trim() === '' ? null : v.messages[f]])),
});

export const usageLimitsValid = (v: UsageLimitValues) => !Number.isNaN(tokensOf(v.tokensPerDay)) && !Number.isNaN(tokensOf(v.tokensPerUserPerDay));

export function UsageLimitsFields({ value, onChange, disabled }: { value: UsageLimitValues; onChange: (next: UsageLimitValues) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const tokenField = (field: 'tokensPerDay' | 'tokensPerUserPerDay') => {
    const bad = Number.isNaN(tokensOf(value[field]));
    return (
      <TextField
        label={t(`agentsAdmin.usageLimits.${field}`)}
        value={value[field]}
        disabled={disabled || !value.limitTokens}
        onChange={(e) => onChange({ ...value, [field]: e.target.value })}
        error={bad}
        helperText={bad ? t('agentsAdmin.usageLimits.wholeTokens') : t(`agentsAdmin.usageLimits.${field}Help`)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
        fullWidth
      />
    );
  };
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0, mt: 3, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('agentsAdmin.usageLimits.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('agentsAdmin.usageLimits.help')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={value.limitTokens} disabled={disabled} onChange={(e) => onChange({ ...value, limitTokens: e.target.checked })} />}
        label={t('agentsAdmin.usageLimits.limitTokens')}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{tokenField('tokensPerDay')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{tokenField('tokensPerUserPerDay')}</Grid>
        {MessageFields.map((f) => (
          <Grid key={f} size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t(`agentsAdmin.usageLimits.${f}`)}
              value={value.messages[f]}
              placeholder={DefaultUsageMessages[f]}
              disabled={disabled || !value.limitTokens}
              onChange={(e) => onChange({ ...value, messages: { ...value.messages, [f]: e.target.value } })}
              slotProps={{ htmlInput: { maxLength: 2000 }, inputLabel: { shrink: true } }}
              multiline
              fullWidth
            />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
