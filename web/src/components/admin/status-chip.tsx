// docs/product.md §3 status colour mappings: Active, Inactive, Deleted, Draft; Online, OutOfDate, Error,
// Processing, Queued; Open, Resolved. One chip for every admin list so the colours agree everywhere.
import './admin-ui-texts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from '../../app/i18n/i18n';

export type AdminStatus = 'Active' | 'Inactive' | 'Deleted' | 'Draft' | 'Online' | 'OutOfDate' | 'Error' | 'Processing' | 'Queued' | 'Open' | 'Resolved';

export const statusColors: Record<AdminStatus, ChipProps['color']> = {
  Active: 'success',
  Inactive: 'default',
  Deleted: 'error',
  Draft: 'warning',
  Online: 'success',
  OutOfDate: 'warning',
  Error: 'error',
  Processing: 'info',
  Queued: 'default',
  Open: 'warning',
  Resolved: 'success',
};

export function StatusChip({ status, label }: { status: AdminStatus; label?: string }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={statusColors[status]} label={label ?? t(`adminUi.status.${status}`)} />;
}
