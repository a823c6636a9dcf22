// Rows of a key and a value that make a library file's custom metadata: edited in the file's detail panel and set in
// the upload zone for the files added next. What is wrong with a row is shown at its key (the contract's rules,
// libraryFileMetadataProblem, which the server applies too, or what the server refused at that key).
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LibraryMetadataKeyPattern, MaxLibraryFileMetadataKeys, MaxLibraryFileMetadataValueLength, libraryFileMetadataProblem } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';

export interface MetadataRow {
  key: string;
  value: string;
}

/** What is wrong with each row (by index), before saving: an empty or repeated key, or what the contract refuses. */
export function metadataRowProblems(rows: readonly MetadataRow[], texts: { keyRequired: string; keyTwice: string }): (string | undefined)[] {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.key.trim(), (counts.get(r.key.trim()) ?? 0) + 1);
  return rows.map((r) => {
    const key = r.key.trim();
    if (key === '') return texts.keyRequired;
    if ((counts.get(key) ?? 0) > 1) return texts.keyTwice;
    return libraryFileMetadataProblem({ [key]: r.value })?.message;
  });
}

/** The rows, each with its problem (by index) under its key, a remove button, and "Add entry" up to the limit. */
export function MetadataRowsEditor({
  rows,
  problems,
  onChange,
  hint,
  disabled = false,
}: {
  rows: readonly MetadataRow[];
  problems: readonly (string | undefined)[];
  onChange: (rows: MetadataRow[]) => void;
  hint: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const full = rows.length >= MaxLibraryFileMetadataKeys;
  return (
    <Stack spacing={{ xs: 2, sm: 1.25 }}>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
      {rows.map((row, i) => {
        const problem = problems[i];
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
              disabled={disabled}
              slotProps={{ htmlInput: { maxLength: 64, pattern: LibraryMetadataKeyPattern.source } }}
              onChange={(e) => onChange(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))}
            />
            <TextField
              size="small"
              label={t('knowledgeAdmin.file.metadata.value')}
              value={row.value}
              disabled={disabled}
              sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
              slotProps={{ htmlInput: { maxLength: MaxLibraryFileMetadataValueLength + 1 } }}
              onChange={(e) => onChange(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
            />
            <IconButton
              size="small"
              aria-label={t('knowledgeAdmin.file.metadata.remove', { n: i + 1 })}
              disabled={disabled}
              sx={{ mt: 0.5 }}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <CloseOutlined fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button size="small" startIcon={<AddOutlined />} disabled={full || disabled} onClick={() => onChange([...rows, { key: '', value: '' }])}>
          {t('knowledgeAdmin.file.metadata.add')}
        </Button>
        {full && (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {t('knowledgeAdmin.file.metadata.full', { max: MaxLibraryFileMetadataKeys })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
