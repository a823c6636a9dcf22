// Tokens used against a limit: a thin progress bar with "used of limit" under it, amber from the threshold (80%) and
// red once the limit is reached; without a limit, the tokens alone.
import './usage-limits-texts';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usageThreshold } from '@atrium/contract';
import { useTranslation } from '../../app/i18n/i18n';

export function UsageMeter({ used, limit, caption }: { used: number; limit: number | null; caption?: string | null }) {
  const { t } = useTranslation();
  if (limit === null)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('usageLimits.noLimit', { used })}
        {caption && (
          <Typography component="span" variant="caption" sx={{ display: 'block' }}>
            {caption}
          </Typography>
        )}
      </Typography>
    );
  const percent = Math.min(100, Math.round((used / limit) * 100));
  const color = used >= limit ? 'error' : used >= usageThreshold(limit) ? 'warning' : 'primary';
  return (
    <Stack spacing={0.5} sx={{ minWidth: 120, maxWidth: 220 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={color}
        aria-label={t('usageLimits.usageLabel', { percent })}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color={used >= limit ? 'error' : 'text.secondary'}>
        {t('usageLimits.ofLimit', { used, limit })}
      </Typography>
      {caption && (
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      )}
    </Stack>
  );
}
