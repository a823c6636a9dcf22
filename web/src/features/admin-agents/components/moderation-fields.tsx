// An agent's automatic moderation in its draft's settings (docs/moderation.md): which side is checked, the blocked
// words and patterns (one per line), an OpenAI-compatible moderation endpoint and model, and the refusal message.
// Without patterns and endpoint the agent has no moderation. In effect once published.
import '../admin-agents-texts';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DefaultModerationRefusal, type AgentModeration } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';

export interface ModerationValues {
  checkQuestions: boolean;
  checkAnswers: boolean;
  /** one pattern per line */
  patterns: string;
  endpoint: string;
  model: string;
  refusalMessage: string;
}

export const moderationValuesOf = (m: Partial<AgentModeration> | null | undefined): ModerationValues => ({
  checkQuestions: m?.checkQuestions ?? true,
  checkAnswers: m?.checkAnswers ?? true,
  patterns: (m?.blockedPatterns ?? []).join('\n'),
  endpoint: m?.endpoint ?? '',
  model: m?.model ?? '',
  refusalMessage: m?.refusalMessage ?? '',
});

const patternsOf = (v: ModerationValues) =>
  v.patterns
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);

/** An http(s) URL, or empty. */
export const endpointValid = (v: ModerationValues) => v.endpoint.trim() === '' || /^https?:\/\/[^\s/]+/.test(v.endpoint.trim());

/** The settings as the draft keeps them: null (no moderation) without patterns and endpoint. */
export function moderationOf(v: ModerationValues): AgentModeration | null {
  const blockedPatterns = [...new Set(patternsOf(v))];
  const endpoint = v.endpoint.trim();
  if (blockedPatterns.length === 0 && endpoint === '') return null;
  return {
    checkQuestions: v.checkQuestions,
    checkAnswers: v.checkAnswers,
    blockedPatterns,
    endpoint: endpoint || null,
    model: v.model.trim() || null,
    refusalMessage: v.refusalMessage.trim(),
  };
}

export function ModerationFields({ value, onChange, disabled }: { value: ModerationValues; onChange: (next: ModerationValues) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const badEndpoint = !endpointValid(value);
  const toggle = (field: 'checkQuestions' | 'checkAnswers') => (
    <FormControlLabel
      control={<Switch checked={value[field]} disabled={disabled} onChange={(e) => onChange({ ...value, [field]: e.target.checked })} />}
      label={t(`agentsAdmin.moderation.${field}`)}
    />
  );
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0, mt: 3, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('agentsAdmin.moderation.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('agentsAdmin.moderation.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {toggle('checkQuestions')}
        {toggle('checkAnswers')}
      </Stack>
      <TextField
        label={t('agentsAdmin.moderation.patterns')}
        value={value.patterns}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, patterns: e.target.value })}
        helperText={t('agentsAdmin.moderation.patternsHelp')}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            label={t('agentsAdmin.moderation.endpoint')}
            value={value.endpoint}
            placeholder="https://api.openai.com/v1"
            disabled={disabled}
            onChange={(e) => onChange({ ...value, endpoint: e.target.value })}
            error={badEndpoint}
            helperText={badEndpoint ? t('agentsAdmin.moderation.endpointInvalid') : t('agentsAdmin.moderation.endpointHelp')}
            slotProps={{ htmlInput: { maxLength: 2000 }, inputLabel: { shrink: true } }}
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label={t('agentsAdmin.moderation.model')}
            value={value.model}
            placeholder="omni-moderation-latest"
            disabled={disabled || value.endpoint.trim() === ''}
            onChange={(e) => onChange({ ...value, model: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }}
            fullWidth
          />
        </Grid>
      </Grid>
      <TextField
        label={t('agentsAdmin.moderation.refusalMessage')}
        value={value.refusalMessage}
        placeholder={DefaultModerationRefusal}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, refusalMessage: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 2000 }, inputLabel: { shrink: true } }}
        multiline
        fullWidth
      />
    </Stack>
  );
}
