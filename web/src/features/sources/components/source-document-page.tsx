// /sources/{fileId}?page=N (loaded by source-page.tsx): the document a citation opens (GET /knowledge/files/{fileId}).
// Its name and library, its text page by page with the cited page scrolled into view and marked, a page bar that
// follows the reading and jumps to a page, and the original file. A document people may not read (deleted, or of a
// library they may not read and no agent of theirs answers from) says so in plain words.
import '../sources-texts';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import SaveAltOutlined from '@mui/icons-material/SaveAltOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import FindInPageOutlined from '@mui/icons-material/FindInPageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SourceFile } from '@atrium/contract';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { useTranslation } from '../../../app/i18n/i18n';
import { EmptyState } from '../../../components/empty-state';
import { useGetSourceFileQuery } from '../api/sources.api';
import { SourcePages } from './source-pages';
import { opensInTab, useOpenOriginal } from './use-open-original';

/** The HTTP status of a failed call (components/admin/api-error.ts has the same; importing it from here drew it into
 * the chat route's chunk, which has no room for it). */
const statusOf = (error: unknown): number | undefined => {
  const status = error && typeof error === 'object' && 'status' in error ? error.status : undefined;
  return typeof status === 'number' ? status : undefined;
};

/** The page the address asks for (?page=N), or null. */
const pageParam = (value: string | null): number | null => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 ? n : null;
};

export default function SourceDocumentPage() {
  const { t } = useTranslation();
  const { fileId = '' } = useParams();
  const [params] = useSearchParams();
  const page = pageParam(params.get('page'));
  const file = useGetSourceFileQuery(fileId);
  usePageTitle(file.data?.fileName ?? t('sources.title'));
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      {/* a failure offers its own way back */}
      {(file.isLoading || file.data) && <BackButton />}
      {file.isLoading ? (
        <Loading />
      ) : file.data ? (
        <SourceDocument file={file.data} page={page} />
      ) : (
        <LoadError status={statusOf(file.error)} onRetry={() => void file.refetch()} />
      )}
    </Box>
  );
}

function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // opened from an answer: back to it; opened on its own (a new tab, a shared link): to the chat
  const cameFromApp = location.key !== 'default';
  return (
    <Button
      startIcon={<NavigateBefore />}
      size="small"
      sx={{ mb: 1, ml: -1 }}
      {...(cameFromApp ? { onClick: () => void navigate(-1) } : { component: RouterLink, to: '/chat' })}
    >
      {cameFromApp ? t('sources.back') : t('sources.backToChat')}
    </Button>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} aria-busy role="status" aria-label={t('common.loading')}>
      <Skeleton variant="text" sx={{ fontSize: '2.125rem', maxWidth: 420 }} />
      <Skeleton variant="text" sx={{ maxWidth: 260 }} />
      {[0, 1].map((i) => (
        <Skeleton key={i} variant="rounded" height={280} />
      ))}
    </Stack>
  );
}

function LoadError({ status, onRetry }: { status: number | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  const [icon, title, text] =
    status === 404 || status === 400
      ? [<FindInPageOutlined key="i" />, t('sources.notFoundTitle'), t('sources.notFound')]
      : status === 403
        ? [<LockOutlined key="i" />, t('sources.forbiddenTitle'), t('sources.forbidden')]
        : [<DescriptionOutlined key="i" />, t('sources.loadFailedTitle'), t('sources.loadFailed')];
  const retry = status === undefined || status >= 500;
  return (
    <Paper variant="outlined" role="alert">
      <EmptyState
        icon={icon}
        title={title}
        text={text}
        action={
          <Stack direction="row" spacing={1}>
            {retry && <Button onClick={onRetry}>{t('sources.retry')}</Button>}
            <Button variant={retry ? 'text' : 'contained'} component={RouterLink} to="/chat">
              {t('sources.backToChat')}
            </Button>
          </Stack>
        }
      />
    </Paper>
  );
}

function SourceDocument({ file, page }: { file: SourceFile; page: number | null }) {
  const { t } = useTranslation();
  const original = useOpenOriginal();
  const hasCited = page !== null && file.pages.some((p) => p.pageNumber === page);
  const inTab = opensInTab(file.mimeType);
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 2 }}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
            {file.fileName}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('sources.fromLibrary', { library: file.libraryName })}
            {file.pageCount !== null && ` · ${t('sources.pageCount', { count: file.pageCount })}`}
            {hasCited && ` · ${t('sources.citedPage', { page })}`}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          onClick={() => void original.open(file, hasCited ? page : null)}
          disabled={original.busy}
          startIcon={original.busy ? <CircularProgress size={16} /> : inTab ? <OpenInNew /> : <SaveAltOutlined />}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {inTab ? t('sources.openOriginal') : t('sources.downloadOriginal')}
        </Button>
      </Stack>
      {page !== null && !hasCited && file.pageCount !== null && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('sources.noSuchPage', { page })}
        </Alert>
      )}
      {file.truncated && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('sources.truncated')}
        </Alert>
      )}
      {file.pages.every((p) => p.text.trim() === '') ? (
        <Paper variant="outlined">
          <EmptyState icon={<DescriptionOutlined />} text={t('sources.empty')} />
        </Paper>
      ) : (
        <SourcePages key={file.fileId} pages={file.pages} cited={hasCited ? page : null} />
      )}
    </>
  );
}
