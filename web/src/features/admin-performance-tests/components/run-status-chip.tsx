import Chip from '@mui/material/Chip';
import type { PerformanceTestStatus } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { runStatusColors } from './run-format';

export function RunStatusChip({ status }: { status: PerformanceTestStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={status === 'Running' ? 'filled' : 'outlined'}
      color={runStatusColors[status]}
      label={t(`adminPerformanceTests.statuses.${status}`)}
      data-testid="performance-test-status"
    />
  );
}
