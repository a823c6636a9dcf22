// A file's chunks, one at a time by index: the headings it sits under, the pages it spans, and its text (what a
// search finds and an agent receives).
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LibraryFile } from '@atrium/contract';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert } from '../../../components/admin';
import { useGetLibraryFileChunkQuery } from '../api/file-libraries.api';
import { Pager, TextBlock } from './file-text-parts';

/** "Page 3" or "Pages 3–4", or null for documents without pages. */
export function usePagesLabel(): (start: number | null, end: number | null) => string | null {
  const { t } = useTranslation();
  return (start, end) => {
    if (start === null) return null;
    return end === null || end === start ? t('knowledgeAdmin.file.chunkPages', { start }) : t('knowledgeAdmin.file.chunkPagesRange', { start, end });
  };
}

export function Headings({ headings }: { headings: readonly string[] }) {
  if (headings.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {headings.map((heading, i) => (
        <Stack key={`${i}:${heading}`} direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          {i > 0 && (
            <Typography variant="caption" color="text.secondary" aria-hidden>
              ›
            </Typography>
          )}
          <Chip size="small" variant="outlined" label={heading} sx={{ maxWidth: '100%' }} />
        </Stack>
      ))}
    </Stack>
  );
}

export function FileChunksTab({ file, version }: { file: LibraryFile; version: string }) {
  const { t } = useTranslation();
  const pagesLabel = usePagesLabel();
  const [index, setIndex] = useState(0);
  const count = file.chunkCount;
  const at = Math.min(index, Math.max(count - 1, 0));
  const query = useGetLibraryFileChunkQuery({ dataSourceId: file.dataSourceId, fileId: file.fileId, version, index: at }, { skip: count === 0 });
  if (count === 0) return <Typography color="text.secondary">{t('knowledgeAdmin.file.noChunks')}</Typography>;
  // the chunk of this index (data would still hold the one before while the next loads)
  const chunk = query.currentData;
  const pages = chunk ? pagesLabel(chunk.pageStart, chunk.pageEnd) : null;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2">{t('knowledgeAdmin.file.chunkOf', { index: at + 1, count })}</Typography>
        <Pager count={count} page={at + 1} onChange={(page) => setIndex(page - 1)} label={t('knowledgeAdmin.file.chunksLabel')} />
      </Stack>
      {query.error ? (
        <AdminErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : !chunk ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <>
          {(chunk.headings.length > 0 || pages) && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Headings headings={chunk.headings} />
              {pages && (
                <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
                  {pages}
                </Box>
              )}
            </Stack>
          )}
          <TextBlock label={t('knowledgeAdmin.file.chunkOf', { index: at + 1, count })} testId="chunk-text">
            {chunk.text}
          </TextBlock>
        </>
      )}
    </Stack>
  );
}
