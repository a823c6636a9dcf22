// The audit log's filters: type and operation from what the log holds, item id, user, details text
// and a time range (local time in the inputs, sent as ISO 8601).
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetAuditFacetsQuery, type AuditFilters } from '../api/audit.api';

/** ISO → the value of a datetime-local input (local time, minutes). */
const toLocalInput = (iso: string) => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string, endOfMinute = false) => (value ? new Date(new Date(value).getTime() + (endOfMinute ? 59_999 : 0)).toISOString() : '');

function DebouncedField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  // a change from outside (Clear filters, a history link) replaces what was typed
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return <TextField size="small" fullWidth label={label} value={text} onChange={(e) => setText(e.target.value)} />;
}

export function AuditFiltersBar({
  filters,
  onChange,
  onClear,
  active,
}: {
  filters: AuditFilters;
  onChange: (p: Partial<AuditFilters>) => void;
  onClear: () => void;
  active: boolean;
}) {
  const { t } = useTranslation();
  const facets = useGetAuditFacetsQuery();
  const select = (key: 'type' | 'domainOperation', label: string, options: string[]) => (
    <TextField select size="small" fullWidth label={label} value={filters[key]} onChange={(e) => onChange({ [key]: e.target.value })}>
      <MenuItem value="">{t('adminAudit.any')}</MenuItem>
      {[...new Set([...options, ...(filters[key] ? [filters[key]] : [])])].map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Paper variant="outlined" component="section" aria-label={t('adminAudit.filters')} sx={{ p: 2, mb: 2 }}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{select('type', t('adminAudit.type'), facets.data?.types ?? [])}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{select('domainOperation', t('adminAudit.operation'), facets.data?.domainOperations ?? [])}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <DebouncedField label={t('adminAudit.userName')} value={filters.userName} onChange={(v) => onChange({ userName: v })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <DebouncedField label={t('adminAudit.aggregateRootId')} value={filters.aggregateRootId} onChange={(v) => onChange({ aggregateRootId: v })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <DebouncedField label={t('adminAudit.details')} value={filters.details} onChange={(v) => onChange({ details: v })} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            size="small"
            fullWidth
            type="datetime-local"
            label={t('adminAudit.from')}
            value={toLocalInput(filters.timeStampFrom)}
            onChange={(e) => onChange({ timeStampFrom: fromLocalInput(e.target.value) })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            size="small"
            fullWidth
            type="datetime-local"
            label={t('adminAudit.to')}
            value={toLocalInput(filters.timeStampTo)}
            onChange={(e) => onChange({ timeStampTo: fromLocalInput(e.target.value, true) })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 2 }} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
          <Button onClick={onClear} disabled={!active}>
            {t('adminAudit.clear')}
          </Button>
        </Grid>
      </Grid>
    </Paper>
  );
}
