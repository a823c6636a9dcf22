// /admin/datasource/{id}/edit (and /FileLibrary/{endpointsType}/{id}/edit): a library's summary, its files (upload,
// live statuses, filters, each file's text, chunks and log), "Try a question", and its settings; delete for those
// the server presents Delete to. What people may change follows the library's currentUserActions. ?file={fileId}
// opens a file's details.
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FileLibrary, FileLibraryDetailsForCreate, FileLibraryInput } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { can } from '../../../app/hooks/can';
import { AdminErrorAlert, AdminPageHeader, AdminSection, apiErrorMessage, apiErrorStatus, ConfirmDialog } from '../../../components/admin';
import {
  fileLibrariesApi,
  useDeleteFileLibraryMutation,
  useGetFileLibraryDetailsForCreateQuery,
  useGetFileLibraryQuery,
  useUpdateFileLibraryMutation,
} from '../api/file-libraries.api';
import { LivePollMs } from '../library-format';
import { FileDetailDrawer } from './file-detail-drawer';
import { listPath } from './knowledge-paths';
import { LibraryFilesSection } from './library-files-section';
import { LibrarySettingsForm } from './library-settings-form';
import { LibrarySummary } from './library-summary';
import { TryQuestionPanel } from './try-question-panel';
import { TextIndexSection } from './text-index-section';

function SettingsSection({ library, details }: { library: FileLibrary; details: FileLibraryDetailsForCreate }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [update, { isLoading, error }] = useUpdateFileLibraryMutation();
  const canEdit = can(library, 'Edit');
  const submit = async (body: FileLibraryInput) => {
    const result = await update({ dataSourceId: library.dataSourceId, body });
    if (result.data) enqueueSnackbar(t('knowledgeAdmin.saved'), { variant: 'success' });
  };
  return (
    <AdminSection title={t('knowledgeAdmin.settings')}>
      <LibrarySettingsForm
        // saved (here or elsewhere): the fields start again from what is stored (not on file changes, which also
        // move the library's updatedAt)
        key={[library.name, library.description, library.chunkSize, library.chunkOverlap, library.language, library.embeddingDeploymentName].join('\u0000')}
        initial={library}
        details={details}
        disabled={!canEdit}
        editing
        busy={isLoading}
        submitLabel={t('knowledgeAdmin.save')}
        busyLabel={t('knowledgeAdmin.saving')}
        error={error}
        onSubmit={(body) => void submit(body)}
        note={
          <Typography variant="body2" color="text.secondary">
            {t('knowledgeAdmin.settingsApply')}
          </Typography>
        }
      />
    </AdminSection>
  );
}

export function LibraryEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { dataSourceId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const openFileId = params.get('file');
  const cached = fileLibrariesApi.endpoints.getFileLibrary.useQueryState(dataSourceId);
  const counts = cached.data?.files;
  const moving = counts ? counts.queued + counts.processing + counts.outOfDate > 0 : false;
  const query = useGetFileLibraryQuery(dataSourceId, { pollingInterval: moving ? LivePollMs : 0 });
  const details = useGetFileLibraryDetailsForCreateQuery();
  const [remove, removing] = useDeleteFileLibraryMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const library = query.data;

  const closeFile = () =>
    setParams(
      (p) => {
        p.delete('file');
        return p;
      },
      { replace: true },
    );

  const crumbs = [{ label: t('knowledgeAdmin.title'), to: listPath }, { label: library?.name ?? '…' }];

  if (!library) {
    return (
      <>
        <AdminPageHeader title={t('knowledgeAdmin.title')} breadcrumbs={crumbs} />
        {query.error ? (
          apiErrorStatus(query.error) === 404 || apiErrorStatus(query.error) === 400 ? (
            <Alert severity="warning">{t('knowledgeAdmin.notFound')}</Alert>
          ) : (
            <AdminErrorAlert error={query.error} onRetry={() => void query.refetch()} />
          )
        ) : (
          <Stack spacing={2} aria-busy="true">
            <Skeleton variant="rounded" height={88} />
            <Skeleton variant="rounded" height={320} />
          </Stack>
        )}
      </>
    );
  }

  const canEdit = can(library, 'Edit');
  const deleteLibrary = async () => {
    const result = await remove(library.dataSourceId);
    if ('error' in result) {
      enqueueSnackbar(apiErrorMessage(result.error, t('knowledgeAdmin.saveFailed')), { variant: 'error' });
      return;
    }
    setConfirmDelete(false);
    enqueueSnackbar(t('knowledgeAdmin.deleted', { name: library.name }), { variant: 'success' });
    navigate(listPath, { replace: true });
  };

  return (
    <>
      <AdminPageHeader
        title={library.name}
        subtitle={library.description || undefined}
        breadcrumbs={crumbs}
        actions={
          can(library, 'Delete') && (
            <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => setConfirmDelete(true)}>
              {t('knowledgeAdmin.delete')}
            </Button>
          )
        }
      />
      <Stack spacing={3} sx={{ maxWidth: 1200 }}>
        {!canEdit && <Alert severity="info">{t('knowledgeAdmin.readOnly')}</Alert>}
        <LibrarySummary library={library} details={details.data} />
        <LibraryFilesSection library={library} canEdit={canEdit} />
        <TryQuestionPanel library={library} />
        <TextIndexSection library={library} />
        {details.data ? (
          <SettingsSection library={library} details={details.data} />
        ) : details.error ? (
          <AdminErrorAlert error={details.error} onRetry={() => void details.refetch()} />
        ) : null}
      </Stack>
      {openFileId && <FileDetailDrawer dataSourceId={library.dataSourceId} fileId={openFileId} canEdit={canEdit} onClose={closeFile} />}
      <ConfirmDialog
        open={confirmDelete}
        title={t('knowledgeAdmin.deleteTitle')}
        text={t('knowledgeAdmin.deleteText', { name: library.name, files: t('knowledgeAdmin.fileCount', { count: library.files.total }) })}
        confirmLabel={t('knowledgeAdmin.delete')}
        busy={removing.isLoading}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void deleteLibrary()}
      />
    </>
  );
}
