// The reporting period of the dashboard's figures (Last30Days by default).
import { ReportingPeriods, type ReportingPeriod } from '@atrium/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../app/i18n/i18n';

export function PeriodPicker({ value, onChange }: { value: ReportingPeriod; onChange: (period: ReportingPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('analyticsAdmin.period')}
      value={value}
      onChange={(e) => onChange(e.target.value as ReportingPeriod)}
      sx={{ minWidth: 180, flex: { xs: 1, sm: 'none' } }}
    >
      {ReportingPeriods.map((period) => (
        <MenuItem key={period} value={period}>
          {t(`analyticsAdmin.periods.${period}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
