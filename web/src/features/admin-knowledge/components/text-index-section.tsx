// The library's full-text index on its edit page: on or off (DELETE/POST …/textIndex), built again in its current
// language, what it holds (indexed chunks, vectors), and which file metadata filters may name
// (PUT …/textIndex/filters). Only people the server presents Edit to may change it. While a build is queued or runs
// (the definition's buildStatus), the page asks for the definition again every TextIndexBuildPollMs and shows progress.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  LibraryFilterFields,
  LibraryMetadataFieldPrefix,
  TextIndexBuildPollMs,
  isLibraryMetadataField,
  type FileLibrary,
  type LibraryFilterField,
  type TextIndexDefinition,
} from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { can } from '../../../app/hooks/can';
import { AdminErrorAlert, AdminSection } from '../../../components/admin';
import { DateTime } from '../../../components/date-time';
import {
  textIndexApi,
  useCreateTextIndexMutation,
  useDeleteTextIndexMutation,
  useGetTextIndexDefinitionQuery,
  useSetTextIndexFiltersMutation,
} from '../api/text-index.api';

const inProgress = (d: TextIndexDefinition | undefined) => d?.buildStatus === 'Queued' || d?.buildStatus === 'Building';

/** Where the last build stands: progress while it waits or runs, when the last one ended, why it failed. */
function BuildStatus({ definition: d }: { definition: TextIndexDefinition }) {
  const { t } = useTranslation();
  const status = t(`knowledgeAdmin.textIndex.build.${d.buildStatus}`);
  const ended = d.lastBuiltAt && (
    <>
      {' '}
      {t('knowledgeAdmin.textIndex.build.lastBuilt')} <DateTime value={d.lastBuiltAt} />.
    </>
  );
  if (d.buildStatus === 'Failed')
    return (
      <Alert severity="error" data-testid="text-index-build" data-status={d.buildStatus}>
        {status}
        {ended} {d.buildError && t('knowledgeAdmin.textIndex.build.error', { error: d.buildError })}
      </Alert>
    );
  return (
    <Stack spacing={0.5} data-testid="text-index-build" data-status={d.buildStatus}>
      <Typography variant="body2" color="text.secondary" role="status">
        {status}
        {ended}
        {d.buildError && <> {t('knowledgeAdmin.textIndex.build.retrying', { error: d.buildError })}</>}
      </Typography>
      {inProgress(d) && <LinearProgress aria-label={status} />}
    </Stack>
  );
}

function FilterableFields({ library, metadataFields, disabled }: { library: FileLibrary; metadataFields: readonly string[]; disabled: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(library.filterableFields));
  const [save, saving] = useSetTextIndexFiltersMutation();
  const changed = chosen.size !== library.filterableFields.length || library.filterableFields.some((f) => !chosen.has(f));
  // the built-in fields, then the metadata keys the files use (the definition's) or the library chose
  const fields = [...LibraryFilterFields, ...new Set([...metadataFields, ...library.filterableFields.filter(isLibraryMetadataField)])];
  const toggle = (field: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });
  const submit = async () => {
    const result = await save({ dataSourceId: library.dataSourceId, body: { filterableFields: fields.filter((f) => chosen.has(f)) } });
    if (result.data) enqueueSnackbar(t('knowledgeAdmin.saved'), { variant: 'success' });
  };
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {t('knowledgeAdmin.textIndex.filterable')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('knowledgeAdmin.textIndex.filterableHint')}
      </Typography>
      <FormGroup row>
        {fields.map((field) => (
          <FormControlLabel
            key={field}
            control={<Checkbox checked={chosen.has(field)} onChange={() => toggle(field)} disabled={disabled} />}
            label={
              isLibraryMetadataField(field)
                ? t('knowledgeAdmin.textIndex.metadataField', { key: field.slice(LibraryMetadataFieldPrefix.length) })
                : t(`knowledgeAdmin.textIndex.fields.${field as LibraryFilterField}`)
            }
          />
        ))}
      </FormGroup>
      {fields.length === LibraryFilterFields.length && (
        <Typography variant="caption" color="text.secondary">
          {t('knowledgeAdmin.textIndex.filterableMetadataHint')}
        </Typography>
      )}
      {saving.error && <AdminErrorAlert error={saving.error} />}
      {!disabled && (
        <div>
          <Button variant="outlined" disabled={!changed || saving.isLoading} onClick={() => void submit()}>
            {t('knowledgeAdmin.textIndex.saveFilterable')}
          </Button>
        </div>
      )}
    </Stack>
  );
}

export function TextIndexSection({ library }: { library: FileLibrary }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  // the definition as it is cached, to poll while a build waits or runs
  const cached = textIndexApi.endpoints.getTextIndexDefinition.useQueryState(library.dataSourceId);
  const definition = useGetTextIndexDefinitionQuery(library.dataSourceId, { pollingInterval: inProgress(cached.data) ? TextIndexBuildPollMs : 0 });
  const [create, creating] = useCreateTextIndexMutation();
  const [drop, dropping] = useDeleteTextIndexMutation();
  const canEdit = can(library, 'Edit');
  const busy = creating.isLoading || dropping.isLoading;
  const rebuild = async () => {
    const result = await create(library.dataSourceId);
    if (result.data) enqueueSnackbar(t('knowledgeAdmin.textIndex.rebuilt'), { variant: 'success' });
  };
  const d = definition.data;
  return (
    <AdminSection title={t('knowledgeAdmin.textIndex.title')} spaced>
      <Typography variant="body2" color="text.secondary">
        {t('knowledgeAdmin.textIndex.text')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormControlLabel
          control={
            <Switch
              checked={library.textIndexEnabled}
              disabled={!canEdit || busy}
              onChange={(e) => void (e.target.checked ? create(library.dataSourceId) : drop(library.dataSourceId))}
            />
          }
          label={t('knowledgeAdmin.textIndex.enabled')}
        />
        {canEdit && library.textIndexEnabled && (
          <Button variant="text" disabled={busy} onClick={() => void rebuild()} title={t('knowledgeAdmin.textIndex.rebuildHint')}>
            {t('knowledgeAdmin.textIndex.rebuild')}
          </Button>
        )}
      </Stack>
      {(creating.error ?? dropping.error) && <AdminErrorAlert error={creating.error ?? dropping.error} />}
      {d && (
        <Typography variant="body2" data-testid="text-index-summary">
          {t('knowledgeAdmin.textIndex.summary', {
            language: t(`knowledgeAdmin.languages.${d.language}`),
            indexed: d.counts.indexedChunks,
            chunks: d.counts.chunks,
          })}
          {' · '}
          {d.vectors
            ? t('knowledgeAdmin.textIndex.vectors', {
                count: d.vectors.count,
                dimensions: d.vectors.dimensions ?? '–',
                deployment: d.vectors.embeddingDeploymentName,
              })
            : t('knowledgeAdmin.textIndex.vectorsNone')}
        </Typography>
      )}
      {d && <BuildStatus definition={d} />}
      {definition.error && <AdminErrorAlert error={definition.error} />}
      <FilterableFields
        key={library.filterableFields.join(',')}
        library={library}
        metadataFields={(d?.availableFilterFields ?? []).map((f) => f.name).filter(isLibraryMetadataField)}
        disabled={!canEdit}
      />
    </AdminSection>
  );
}
