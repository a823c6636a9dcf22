// The figures of a file: the images found in the document as uploaded (GET …/figures), as a grid of thumbnails with
// the page or slide each is on. An image needs the bearer token, so it is fetched as a blob and shown through an object
// URL, revoked when its thumbnail goes; thumbnails come a page at a time, since each is read from the document.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LibraryFigure, LibraryFile } from '@atrium/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert } from '../../../components/admin';
import { useGetLibraryFileFiguresQuery } from '../api/file-libraries.api';
import { fetchLibraryFigure } from '../api/library-files';

const PageSize = 24;
const PptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

type Loaded = { url: string } | { failed: true } | null;

/** The figure's image as an object URL while the thumbnail shows; null while it loads. */
function useFigureUrl(file: LibraryFile, index: number): Loaded {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const { dataSourceId, fileId } = file;
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    void fetchLibraryFigure({ dataSourceId, fileId, index }, controller.signal).then((blob) => {
      if (controller.signal.aborted) return;
      if (!blob) return setLoaded({ failed: true });
      url = URL.createObjectURL(blob);
      setLoaded({ url });
    });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [dataSourceId, fileId, index]);
  return loaded;
}

function Thumbnail({ file, figure }: { file: LibraryFile; figure: LibraryFigure }) {
  const { t } = useTranslation();
  const loaded = useFigureUrl(file, figure.index);
  const number = figure.index + 1;
  const where =
    figure.page === null
      ? null
      : file.mimeType === PptxType
        ? t('knowledgeAdmin.file.figureSlide', { page: figure.page })
        : t('knowledgeAdmin.file.page', { page: figure.page });
  const frame = { aspectRatio: '4 / 3', width: '100%', borderRadius: 1, bgcolor: 'action.hover', display: 'block' } as const;
  return (
    <Box component="li" sx={{ minWidth: 0 }} data-testid="figure">
      {loaded === null ? (
        <Skeleton variant="rounded" sx={{ ...frame, height: 'auto' }} />
      ) : 'url' in loaded ? (
        <Box
          component="a"
          href={loaded.url}
          target="_blank"
          rel="noopener"
          aria-label={t('knowledgeAdmin.file.figureOpen', { number })}
          sx={{ display: 'block' }}
        >
          <Box component="img" src={loaded.url} alt={t('knowledgeAdmin.file.figureAlt', { number })} sx={{ ...frame, objectFit: 'contain' }} />
        </Box>
      ) : (
        <Box sx={{ ...frame, display: 'grid', placeItems: 'center' }}>
          <Typography variant="caption" color="text.secondary">
            {t('knowledgeAdmin.file.figureNotShown')}
          </Typography>
        </Box>
      )}
      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
        {where ?? t('knowledgeAdmin.file.figureAlt', { number })}
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary">
        {t('knowledgeAdmin.file.figureSize', { width: figure.width, height: figure.height })}
      </Typography>
    </Box>
  );
}

export function FileFiguresTab({ file }: { file: LibraryFile }) {
  const { t } = useTranslation();
  const query = useGetLibraryFileFiguresQuery({ dataSourceId: file.dataSourceId, fileId: file.fileId });
  const [shown, setShown] = useState(PageSize);
  if (query.error) return <AdminErrorAlert error={query.error} fallback={t('knowledgeAdmin.file.figuresFailed')} onRetry={() => void query.refetch()} />;
  const figures = query.data?.items;
  if (!figures) return <Skeleton variant="rounded" height={160} />;
  if (figures.length === 0) return <Typography color="text.secondary">{t('knowledgeAdmin.file.noFigures')}</Typography>;
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2">{t('knowledgeAdmin.file.figureCount', { count: figures.length })}</Typography>
      <Box
        component="ul"
        aria-label={t('knowledgeAdmin.file.tabs.figures')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
      >
        {figures.slice(0, shown).map((figure) => (
          <Thumbnail key={figure.index} file={file} figure={figure} />
        ))}
      </Box>
      {figures.length > shown && (
        <Box>
          <Button size="small" onClick={() => setShown((n) => n + PageSize)}>
            {t('knowledgeAdmin.file.moreFigures')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
