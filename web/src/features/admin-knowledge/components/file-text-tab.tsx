// The text read from a file, page by page (slides of a presentation, sheets of a workbook under their names; one
// block for documents without pages), as its chunks were cut from it.
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LibraryFile } from '@atrium/contract';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, apiErrorStatus } from '../../../components/admin';
import { useGetLibraryFileExtractionQuery } from '../api/file-libraries.api';
import { Pager, TextBlock } from './file-text-parts';

/** Whether the text has been read yet: from the chunking step on, and after the run ended (Online, or an error later than reading). */
export const textRead = (file: LibraryFile) => !(file.status === 'Queued' || (file.status === 'Processing' && file.stage === 'Extracting'));

export function FileTextTab({ file, version }: { file: LibraryFile; version: string }) {
  const { t } = useTranslation();
  const ready = textRead(file);
  const query = useGetLibraryFileExtractionQuery({ dataSourceId: file.dataSourceId, fileId: file.fileId, version }, { skip: !ready });
  const [page, setPage] = useState(1);
  if (!ready) return <Typography color="text.secondary">{t('knowledgeAdmin.file.textPending')}</Typography>;
  if (query.error) {
    // a file that failed before its text was read has none
    if (apiErrorStatus(query.error) === 404) return <Typography color="text.secondary">{t('knowledgeAdmin.file.noText')}</Typography>;
    return <AdminErrorAlert error={query.error} fallback={t('knowledgeAdmin.file.textFailed')} onRetry={() => void query.refetch()} />;
  }
  const extraction = query.data;
  if (!extraction) return <Skeleton variant="rounded" height={240} />;
  const pages = extraction.pages;
  if (pages.length === 0 || pages.every((p) => p.text.trim() === '')) return <Typography color="text.secondary">{t('knowledgeAdmin.file.noText')}</Typography>;
  const current = pages[Math.min(page, pages.length) - 1]!;
  const label = current.pageNumber === null ? t('knowledgeAdmin.file.wholeDocument') : t('knowledgeAdmin.file.page', { page: current.pageNumber });
  return (
    <Stack spacing={1.5}>
      {extraction.truncated && <Alert severity="warning">{t('knowledgeAdmin.file.truncated')}</Alert>}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2">
          {current.pageNumber === null ? label : t('knowledgeAdmin.file.pageOf', { page: current.pageNumber, count: pages.length })}
        </Typography>
        <Pager count={pages.length} page={Math.min(page, pages.length)} onChange={setPage} label={t('knowledgeAdmin.file.pages')} />
      </Stack>
      <TextBlock label={label} testId="extraction-text">
        {current.text}
      </TextBlock>
    </Stack>
  );
}
