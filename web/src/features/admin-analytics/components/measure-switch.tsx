// Which figure a breakdown shows (conversations, tokens or users), as a small toggle beside the chart's title.
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from '../../../app/i18n/i18n';

export type Measure = 'conversations' | 'tokens' | 'users';

export function MeasureSwitch<M extends Measure>({
  value,
  options,
  onChange,
  chartTitle,
}: {
  value: M;
  options: readonly M[];
  onChange: (m: M) => void;
  chartTitle: string;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, next: M | null) => next && onChange(next)}
      aria-label={`${chartTitle}: ${t('analyticsAdmin.measures.measure')}`}
    >
      {options.map((m) => (
        <ToggleButton key={m} value={m} sx={{ py: 0.25, px: 1.25, textTransform: 'none' }}>
          {t(`analyticsAdmin.measures.${m}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
