// A library file's custom metadata (keys to text values) in its detail panel: shown as a list, and, for those who may
// change the library, edited as rows of a key and a value (add, remove, save). Each row says what the contract's
// rules find wrong before saving (libraryFileMetadataProblem, the check the server makes too); what the server
// refuses is shown at the row of the key it names, or above the rows.
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import {
  LibraryMetadataKeyPattern,
  MaxLibraryFileMetadataKeys,
  MaxLibraryFileMetadataValueLength,
  libraryFileMetadataProblem,
  type LibraryFile,
} from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, fieldErrors } from '../../../components/admin';
import { useUpdateLibraryFileMetadataMutation } from '../api/file-libraries.api';

interface Row {
  key: string;
  value: string;
}

const rowsOf = (metadata: Record<string, string>): Row[] => Object.entries(metadata).map(([key, value]) => ({ key, value }));

/** What is wrong with each row (by index), before saving: an empty or repeated key, or what the contract refuses. */
export function metadataRowProblems(rows: readonly Row[], texts: { keyRequired: string; keyTwice: string }): (string | undefined)[] {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.key.trim(), (counts.get(r.key.trim()) ?? 0) + 1);
  return rows.map((r) => {
    const key = r.key.trim();
    if (key === '') return texts.keyRequired;
    if ((counts.get(key) ?? 0) > 1) return texts.keyTwice;
    return libraryFileMetadataProblem({ [key]: r.value })?.message;
  });
}

export function FileMetadataSection({ file, canEdit }: { file: LibraryFile; canEdit: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [save, saving] = useUpdateLibraryFileMetadataMutation();
  const shown = rowsOf(file.metadata);
  const editing = rows !== null;
  const problems = rows
    ? metadataRowProblems(rows, { keyRequired: t('knowledgeAdmin.file.metadata.keyRequired'), keyTwice: t('knowledgeAdmin.file.metadata.keyTwice') })
    : [];
  // what the server refused at a key (metadata.<key>), shown at its row
  const refused = fieldErrors(saving.error);
  const full = (rows?.length ?? 0) >= MaxLibraryFileMetadataKeys;

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
          <Typography variant="body2" color="text.secondary">
            {t('knowledgeAdmin.file.metadata.hint')}
          </Typography>
          {rows.map((row, i) => {
            const problem = problems[i] ?? refused[`metadata.${row.key.trim()}`];
            return (
              <Box
                key={i}
                role="group"
                aria-label={t('knowledgeAdmin.file.metadata.rowName', { n: i + 1 })}
                sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(120px, 200px) 1fr auto' }, alignItems: 'start' }}
              >
                <TextField
                  size="small"
                  label={t('knowledgeAdmin.file.metadata.key')}
                  value={row.key}
                  error={!!problem}
                  helperText={problem ?? ' '}
                  disabled={saving.isLoading}
                  slotProps={{ htmlInput: { maxLength: 64, pattern: LibraryMetadataKeyPattern.source } }}
                  onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))}
                />
                <TextField
                  size="small"
                  label={t('knowledgeAdmin.file.metadata.value')}
                  value={row.value}
                  disabled={saving.isLoading}
                  sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                  slotProps={{ htmlInput: { maxLength: MaxLibraryFileMetadataValueLength + 1 } }}
                  onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
                />
                <IconButton
                  size="small"
                  aria-label={t('knowledgeAdmin.file.metadata.remove', { n: i + 1 })}
                  disabled={saving.isLoading}
                  sx={{ mt: 0.5 }}
                  onClick={() => setRows(rows.filter((_, j) => j !== i))}
                >
                  <CloseOutlined fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
          <Box>
            <Button size="small" startIcon={<AddOutlined />} disabled={full || saving.isLoading} onClick={() => setRows([...rows, { key: '', value: '' }])}>
              {t('knowledgeAdmin.file.metadata.add')}
            </Button>
            {full && (
              <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {t('knowledgeAdmin.file.metadata.full', { max: MaxLibraryFileMetadataKeys })}
              </Typography>
            )}
          </Box>
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
