// A library's name, description and chunking (size, overlap, language), for the new and the edit page. Each field
// is checked with the contract's schema (the one the server validates the body with) and says what is wrong once
// left or once saved; the server's field messages show under the fields too, until they change. The limits, the
// defaults and the languages come from GET detailsForCreate.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FileLibraryDescriptionMaxLength, FileLibraryNameMaxLength, type FileLibraryDetailsForCreate, type FileLibraryInput } from '@atrium/contract';
import { FileLibraryInputSchema } from '@atrium/contract/forms';
import { useState, type FormEvent, type ReactNode } from 'react';
import { hasText, useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, fieldErrors } from '../../../components/admin';
import { schemaProblems } from '../../../components/forms/schema-issues';

export interface LibrarySettingsValues {
  name: string;
  description: string;
  chunkSize: number;
  chunkOverlap: number;
  language: FileLibraryInput['language'];
  /** null: full text only */
  embeddingDeploymentName: string | null;
}

type Field = keyof LibrarySettingsValues;

interface Props {
  initial: LibrarySettingsValues;
  details: FileLibraryDetailsForCreate;
  disabled?: boolean;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** the last failed save's error: its field messages show under the fields, any other above them */
  error?: unknown;
  onSubmit: (body: FileLibraryInput) => void;
  /** a saved library's settings (changing its embedding deployment embeds its files again) */
  editing?: boolean;
  /** below the fields, above the buttons (the edit page's note on reprocessing) */
  note?: ReactNode;
  cancel?: ReactNode;
}

const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function LibrarySettingsForm({
  initial,
  details,
  disabled = false,
  busy,
  submitLabel,
  busyLabel,
  error,
  onSubmit,
  editing = false,
  note,
  cancel,
}: Props) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const [form, setForm] = useState({
    name: initial.name,
    description: initial.description,
    chunkSize: String(initial.chunkSize),
    chunkOverlap: String(initial.chunkOverlap),
    language: initial.language,
    embeddingDeploymentName: initial.embeddingDeploymentName ?? '',
  });
  const [visited, setVisited] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // the server's messages stay until their field changes
  const [dismissed, setDismissed] = useState<Partial<Record<Field, unknown>>>({});
  const serverErrors = fieldErrors(error);
  const embedding = form.embeddingDeploymentName || null;
  const body = {
    name: form.name,
    description: form.description,
    chunkSize: asNumber(form.chunkSize),
    chunkOverlap: asNumber(form.chunkOverlap),
    language: form.language,
    // sent only when changed: omitted keeps a saved library's deployment (or gives a new one the instance's default)
    ...(embedding !== initial.embeddingDeploymentName ? { embeddingDeploymentName: embedding } : {}),
  };
  const labels: Record<Field, string> = {
    name: t('knowledgeAdmin.fields.name'),
    description: t('knowledgeAdmin.fields.description'),
    chunkSize: t('knowledgeAdmin.fields.chunkSize'),
    chunkOverlap: t('knowledgeAdmin.fields.chunkOverlap'),
    language: t('knowledgeAdmin.fields.language'),
    embeddingDeploymentName: t('knowledgeAdmin.fields.embedding'),
  };
  const local = schemaProblems<Field>(FileLibraryInputSchema, body, labels);
  const invalid = Object.values(local).some(Boolean);
  const problem = (field: Field) => (dismissed[field] === error ? undefined : serverErrors[field]) ?? (submitted || visited[field] ? local[field] : undefined);
  const set = (field: Field) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setDismissed((d) => ({ ...d, [field]: error }));
  };
  const leave = (field: Field) => () => setVisited((v) => ({ ...v, [field]: true }));
  const generalError = error != null && Object.keys(serverErrors).length === 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (invalid || disabled) return;
    onSubmit({ ...body, name: body.name.trim(), description: body.description.trim() });
  };

  const noDeployment = details.embeddingDeployments.length === 0;
  const embeddingHelp = noDeployment
    ? t('knowledgeAdmin.fields.embeddingNoDeployment')
    : !details.vectorSearchAvailable
      ? t('knowledgeAdmin.fields.embeddingNoVectors')
      : editing
        ? `${t('knowledgeAdmin.fields.embeddingHelp')} ${t('knowledgeAdmin.fields.embeddingChangeHelp')}`
        : t('knowledgeAdmin.fields.embeddingHelp');

  const field = (key: Field) => ({
    value: form[key],
    onChange: set(key),
    onBlur: leave(key),
    disabled,
    error: Boolean(problem(key)),
    label: labels[key],
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        {generalError && <AdminErrorAlert error={error} fallback={t('knowledgeAdmin.saveFailed')} />}
        <TextField {...field('name')} required helperText={problem('name') ?? ' '} slotProps={{ htmlInput: { maxLength: FileLibraryNameMaxLength } }} />
        <TextField
          {...field('description')}
          multiline
          minRows={2}
          helperText={problem('description') ?? ' '}
          slotProps={{ htmlInput: { maxLength: FileLibraryDescriptionMaxLength } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <TextField
            {...field('chunkSize')}
            type="number"
            fullWidth
            helperText={
              problem('chunkSize') ??
              t('knowledgeAdmin.fields.chunkSizeHelp', { min: number(details.chunkSizeLimits.min), max: number(details.chunkSizeLimits.max) })
            }
            slotProps={{ htmlInput: { min: details.chunkSizeLimits.min, max: details.chunkSizeLimits.max, step: 100, inputMode: 'numeric' } }}
          />
          <TextField
            {...field('chunkOverlap')}
            type="number"
            fullWidth
            helperText={problem('chunkOverlap') ?? t('knowledgeAdmin.fields.chunkOverlapHelp')}
            slotProps={{ htmlInput: { min: details.chunkOverlapLimits.min, max: details.chunkOverlapLimits.max, step: 50, inputMode: 'numeric' } }}
          />
        </Stack>
        <TextField {...field('language')} select helperText={problem('language') ?? t('knowledgeAdmin.fields.languageHelp')}>
          {details.languages.map((language) => (
            <MenuItem key={language} value={language}>
              {hasText('knowledgeAdmin.languages', language) ? t(`knowledgeAdmin.languages.${language}`) : language}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field('embeddingDeploymentName')}
          select
          disabled={disabled || noDeployment || !details.vectorSearchAvailable}
          helperText={problem('embeddingDeploymentName') ?? embeddingHelp}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('knowledgeAdmin.fields.embeddingNone')}</MenuItem>
          {details.embeddingDeployments.map((d) => (
            <MenuItem key={d.name} value={d.name}>
              {d.displayName}
            </MenuItem>
          ))}
        </TextField>
        {!disabled && note}
        {!disabled && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {cancel}
            <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {busy ? busyLabel : submitLabel}
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
