// The log of a file's latest run (its first processing, or the latest reprocess): each line's time, level, step and
// message, as the ingestion wrote them. Follows the file while it moves (the drawer reads it again with each change).
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LibraryFile, LibraryFileLog } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert } from '../../../components/admin';
import { formatDateTime } from '../../../components/date-time';
import { useGetLibraryFileLogQuery } from '../api/file-libraries.api';

const levelColors = { INFO: 'default', WARN: 'warning', ERROR: 'error' } as const;

export function FileLogTab({ file, version }: { file: LibraryFile; version: string }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  const query = useGetLibraryFileLogQuery({ dataSourceId: file.dataSourceId, fileId: file.fileId, version });
  if (query.error) return <AdminErrorAlert error={query.error} fallback={t('knowledgeAdmin.file.logFailed')} onRetry={() => void query.refetch()} />;
  const log: LibraryFileLog | undefined = query.data;
  if (!log) return <Skeleton variant="rounded" height={160} />;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('knowledgeAdmin.file.run', { run: log.run })}</Typography>
      {log.entries.length === 0 && <Typography color="text.secondary">{t('knowledgeAdmin.file.noLog')}</Typography>}
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('knowledgeAdmin.file.tabs.log')}>
        {log.entries.map((entry, i) => (
          <Stack
            component="li"
            key={i}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0.5, sm: 1.5 }}
            sx={{ alignItems: { sm: 'baseline' }, py: 0.75, borderBottom: 1, borderColor: 'divider' }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0, minWidth: { sm: 200 } }}>
              <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {/* a run's lines are moments apart: the time to the second, the date on hover */}
                <time dateTime={entry.at} title={formatDateTime(entry.at, i18n.language)}>
                  {time.format(new Date(entry.at))}
                </time>
              </Typography>
              <Chip size="small" label={entry.level} color={levelColors[entry.level]} variant="outlined" />
              {entry.stage && (
                <Typography variant="caption" color="text.secondary">
                  {t(`knowledgeAdmin.files.stage.${entry.stage}`)}
                </Typography>
              )}
            </Stack>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {entry.message}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
