// The top of a library's page: its files by status, chunks, size, and how it searches (in plain words).
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FileLibrary, FileLibraryDetailsForCreate } from '@atrium/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { formatBytes } from '../library-format';
import { FileCountChips, useRetrievalExplanation } from './library-status-parts';

function Figure({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ gridColumn: wide ? { xs: '1 / -1', md: 'auto' } : undefined, minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="div" sx={{ lineHeight: 1.6 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

export function LibrarySummary({ library, details }: { library: FileLibrary; details: FileLibraryDetailsForCreate | undefined }) {
  const { t, i18n } = useTranslation();
  const explain = useRetrievalExplanation();
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <Paper variant="outlined" component="section" aria-label={t('knowledgeAdmin.summary.title')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3 },
          gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 1.4fr) auto auto minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Figure label={t('knowledgeAdmin.summary.files')} wide>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="span" data-testid="library-file-total">
              {number(library.files.total)}
            </Typography>
            {library.files.total > 0 && <FileCountChips files={library.files} />}
          </Stack>
        </Figure>
        <Figure label={t('knowledgeAdmin.summary.chunks')}>
          <Typography variant="h6" component="span">
            {number(library.chunkCount)}
          </Typography>
        </Figure>
        <Figure label={t('knowledgeAdmin.summary.size')}>
          <Typography variant="h6" component="span">
            {formatBytes(library.totalBytes, i18n.language)}
          </Typography>
        </Figure>
        <Figure label={t('knowledgeAdmin.summary.search')} wide>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Chip
              size="small"
              label={t(`knowledgeAdmin.retrieval.${library.retrievalMode}`)}
              color={library.retrievalMode === 'Hybrid' ? 'primary' : 'default'}
            />
            <Typography variant="body2" color="text.secondary" data-testid="retrieval-explanation">
              {explain(library, details)}
            </Typography>
          </Stack>
        </Figure>
      </Box>
    </Paper>
  );
}
