// A library file's custom metadata (keys to text values) in its detail panel: shown as a list, and, for those who may
// change the library, edited as rows of a key and a value (add, remove, save). Each row says what the contract's
// rules find wrong before saving (libraryFileMetadataProblem, the check the server makes too); what the server
// refuses is shown at the row of the key it names, or above the rows.
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { LibraryFile } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, fieldErrors } from '../../../components/admin';
import { useUpdateLibraryFileMetadataMutation } from '../api/file-libraries.api';
import { MetadataRowsEditor, metadataRowProblems, type MetadataRow } from './metadata-rows-editor';

const rowsOf = (metadata: Record<string, string>): MetadataRow[] => Object.entries(metadata).map(([key, value]) => ({ key, value }));

export function FileMetadataSection({ file, canEdit }: { file: LibraryFile; canEdit: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [rows, setRows] = useState<MetadataRow[] | null>(null);
  const [save, saving] = useUpdateLibraryFileMetadataMutation();
  const shown = rowsOf(file.metadata);
  const editing = rows !== null;
  const problems = rows
    ? metadataRowProblems(rows, { keyRequired: t('knowledgeAdmin.file.metadata.keyRequired'), keyTwice: t('knowledgeAdmin.file.metadata.keyTwice') })
    : [];
  // what the server refused at a key (metadata.<key>), shown at its row
  const refused = fieldErrors(saving.error);

  const submit = async () => {
    if (!rows || problems.some(Boolean)) return;
    const metadata = Object.fromEntries(rows.map((r) => [r.key.trim(), r.value]));
    const result = await save({ dataSourceId: file.dataSourceId, fileId: file.fileId, metadata });
    if (result.data) {
      setRows(null);
      enqueueSnackbar(t('knowledgeAdmin.file.metadata.saved'), { variant: 'success' });
    }
  };

  return (
    <Stack spacing={1} component="section" aria-labelledby={`metadata-${file.fileId}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={`metadata-${file.fileId}`} variant="subtitle2" component="h3">
          {t('knowledgeAdmin.file.metadata.title')}
        </Typography>
        {canEdit && !editing && (
          <Button size="small" startIcon={<EditOutlined />} onClick={() => setRows(shown.length > 0 ? shown : [{ key: '', value: '' }])}>
            {t('knowledgeAdmin.file.metadata.edit')}
          </Button>
        )}
      </Stack>
      {!editing &&
        (shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('knowledgeAdmin.file.metadata.none')}
          </Typography>
        ) : (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(100px, max-content) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {shown.map((r) => (
              <Box key={r.key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {r.key}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {r.value}
                </Typography>
              </Box>
            ))}
          </Box>
        ))}
      {editing && (
        <Stack spacing={1.25}>
          <MetadataRowsEditor
            rows={rows}
            problems={rows.map((row, i) => problems[i] ?? refused[`metadata.${row.key.trim()}`])}
            onChange={setRows}
            hint={t('knowledgeAdmin.file.metadata.hint')}
            disabled={saving.isLoading}
          />
          {saving.error && <AdminErrorAlert error={saving.error} />}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" size="small" disabled={saving.isLoading || problems.some(Boolean)} onClick={() => void submit()}>
              {saving.isLoading ? t('knowledgeAdmin.file.metadata.saving') : t('knowledgeAdmin.file.metadata.save')}
            </Button>
            <Button
              size="small"
              disabled={saving.isLoading}
              onClick={() => {
                setRows(null);
                saving.reset();
              }}
            >
              {t('knowledgeAdmin.file.metadata.cancel')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
