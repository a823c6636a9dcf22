// What people do with one file, from its row or its details: download it as uploaded, reprocess it (a new run with
// the library's current chunking), cancel its processing (it ends in Error; Reprocess starts it again), delete it
// after a confirmation. Returns the actions and the confirmation dialog
// to render.
import type { LibraryFile } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { apiErrorMessage, ConfirmDialog } from '../../../components/admin';
import { useCancelLibraryFileMutation, useDeleteLibraryFileMutation, useReprocessLibraryFileMutation } from '../api/file-libraries.api';
import { downloadLibraryFile } from '../api/library-files';

export function useFileActions(options: { onDeleted?: (file: LibraryFile) => void } = {}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [reprocessFile] = useReprocessLibraryFileMutation();
  const [cancelFile] = useCancelLibraryFileMutation();
  const [deleteFile, deleting] = useDeleteLibraryFileMutation();
  const [toDelete, setToDelete] = useState<LibraryFile | null>(null);
  const failed = (error: unknown) => enqueueSnackbar(apiErrorMessage(error, t('knowledgeAdmin.saveFailed')), { variant: 'error' });

  const download = async (file: LibraryFile) => {
    if (!(await downloadLibraryFile(file.dataSourceId, file.fileId, file.fileName)))
      enqueueSnackbar(t('knowledgeAdmin.files.downloadFailed'), { variant: 'error' });
  };

  const reprocess = async (file: LibraryFile) => {
    const result = await reprocessFile({ dataSourceId: file.dataSourceId, fileId: file.fileId });
    if ('error' in result) failed(result.error);
    else enqueueSnackbar(t('knowledgeAdmin.files.reprocessed', { name: file.fileName }), { variant: 'success' });
  };

  const cancel = async (file: LibraryFile) => {
    const result = await cancelFile({ dataSourceId: file.dataSourceId, fileId: file.fileId });
    if ('error' in result) failed(result.error);
    else enqueueSnackbar(t('knowledgeAdmin.files.cancelled', { name: file.fileName }), { variant: 'success' });
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await deleteFile({ dataSourceId: toDelete.dataSourceId, fileId: toDelete.fileId });
    if ('error' in result) return failed(result.error);
    enqueueSnackbar(t('knowledgeAdmin.files.deletedFile', { name: toDelete.fileName }), { variant: 'success' });
    options.onDeleted?.(toDelete);
    setToDelete(null);
  };

  const dialog = (
    <ConfirmDialog
      open={toDelete !== null}
      title={t('knowledgeAdmin.files.deleteTitle')}
      text={t('knowledgeAdmin.files.deleteText', { name: toDelete?.fileName ?? '' })}
      confirmLabel={t('knowledgeAdmin.files.deleteFile')}
      busy={deleting.isLoading}
      onCancel={() => setToDelete(null)}
      onConfirm={() => void confirmDelete()}
    />
  );

  return { download, reprocess, cancel, askDelete: setToDelete, dialog };
}
