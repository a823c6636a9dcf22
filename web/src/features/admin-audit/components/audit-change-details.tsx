// The expanded audit row: the item's name (asked of the server when opened), the fields that changed
// with their before and after values, and the recorded details as they were stored.
import type { ConfigurationChange } from '@atrium/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetAggregateRootNameQuery } from '../api/audit.api';
import { changedFields, showValue } from './audit-diff';

const codeSx = { fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

export function AuditChangeDetails({ change, onShowHistory }: { change: ConfigurationChange; onShowHistory: () => void }) {
  const { t } = useTranslation();
  const name = useGetAggregateRootNameQuery({ type: change.type, aggregateRootId: change.aggregateRootId });
  const fields = changedFields(change.details.before, change.details.after);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <div>
          <Typography variant="subtitle2" component="h3">
            {name.isLoading ? <Skeleton width={200} /> : (name.data?.name ?? t('adminAudit.unknownName'))}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {change.type} · {change.aggregateRootId}
          </Typography>
        </div>
        <Button size="small" onClick={onShowHistory}>
          {t('adminAudit.showHistory')}
        </Button>
      </Stack>
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('adminAudit.noFieldChanges')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('adminAudit.changedFields')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('adminAudit.field')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('adminAudit.before')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('adminAudit.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map((f) => (
                <TableRow key={f.field}>
                  <TableCell sx={{ fontWeight: 500, verticalAlign: 'top' }}>{f.field}</TableCell>
                  <TableCell sx={{ ...codeSx, verticalAlign: 'top', color: 'error.main' }}>{showValue(f.before)}</TableCell>
                  <TableCell sx={{ ...codeSx, verticalAlign: 'top', color: 'success.main' }}>{showValue(f.after)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <details>
        <summary>
          <Typography variant="body2" component="span">
            {t('adminAudit.rawDetails')}
          </Typography>
        </summary>
        <Box component="pre" sx={{ ...codeSx, bgcolor: 'action.hover', p: 1.5, borderRadius: 1, maxHeight: 360, overflow: 'auto' }}>
          {JSON.stringify(change.details, null, 2)}
        </Box>
      </details>
    </Stack>
  );
}
