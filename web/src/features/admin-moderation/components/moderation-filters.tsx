// The moderation list's filters: status, agent (those that have reports) and a date range (local days in the
// inputs, sent as ISO times).
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { ModerationReportStatuses } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetModerationFacetsQuery, type ModerationFilters } from '../api/moderation.api';

/** ISO → the value of a date input (the local day). */
const toLocalDay = (iso: string) => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
/** a local day → the ISO time of its start, or of its last millisecond */
const fromLocalDay = (value: string, endOfDay = false) => {
  if (!value) return '';
  const d = new Date(`${value}T00:00:00`);
  if (Number.isNaN(d.getTime())) return '';
  if (endOfDay) d.setDate(d.getDate() + 1);
  return new Date(d.getTime() - (endOfDay ? 1 : 0)).toISOString();
};

export function ModerationFiltersBar({
  filters,
  onChange,
  onClear,
  active,
}: {
  filters: ModerationFilters;
  onChange: (p: Partial<ModerationFilters>) => void;
  onClear: () => void;
  active: boolean;
}) {
  const { t } = useTranslation();
  const facets = useGetModerationFacetsQuery();
  const agents = facets.data?.gptSystems ?? [];
  // an agent named in the address stays selectable while the facets load
  const agentOptions =
    filters.gptSystemId && !agents.some((a) => a.gptSystemId === filters.gptSystemId)
      ? [...agents, { gptSystemId: filters.gptSystemId, name: filters.gptSystemId }]
      : agents;
  return (
    <Paper variant="outlined" component="section" aria-label={t('adminModeration.filters')} sx={{ p: 2, mb: 2 }}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t('adminModeration.status')}
            value={filters.reportStatus}
            onChange={(e) => onChange({ reportStatus: e.target.value })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('adminModeration.anyStatus')}</MenuItem>
            {ModerationReportStatuses.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`adminUi.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t('adminModeration.agent')}
            value={filters.gptSystemId}
            onChange={(e) => onChange({ gptSystemId: e.target.value })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('adminModeration.anyAgent')}</MenuItem>
            {agentOptions.map((a) => (
              <MenuItem key={a.gptSystemId} value={a.gptSystemId}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <TextField
            size="small"
            fullWidth
            type="date"
            label={t('adminModeration.from')}
            value={toLocalDay(filters.createdFrom)}
            onChange={(e) => onChange({ createdFrom: fromLocalDay(e.target.value) })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <TextField
            size="small"
            fullWidth
            type="date"
            label={t('adminModeration.to')}
            value={toLocalDay(filters.createdTo)}
            onChange={(e) => onChange({ createdTo: fromLocalDay(e.target.value, true) })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 2 }} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
          <Button onClick={onClear} disabled={!active}>
            {t('adminModeration.clear')}
          </Button>
        </Grid>
      </Grid>
    </Paper>
  );
}
