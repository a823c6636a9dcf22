// The agent's data source links (ragDataSources): libraries linked through the API, which apply at once without
// publishing. The editor's Data sources step is where libraries are chosen (they are published with the agent);
// this card shows only when links exist, so that they can be seen, their metadata filter seen and changed, and
// removed. A link's filter is edited with the agent editors' LibraryFilterEditor on the library's filterable fields;
// each condition says what the contract's rules find wrong before saving, and what the server refused
// (`filters.N.…`) at the condition it names. Saving PUTs the link with its whole filter (`[]` removes it).
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LibraryFilterFields, type FileLibrary, type LibraryFilter, type RagDataSource } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminErrorAlert, fieldErrors } from '../../../components/admin';
import { useListAgentLibraryChoicesQuery } from '../../../components/agent-config/agent-libraries.api';
import { dataSourceProblems } from '../../../components/agent-config/agent-data-sources-values';
import { LibraryFilterEditor } from '../../../components/agent-config/library-filter-editor';
import {
  filterDraft,
  filterableFieldsOf,
  isFilterField,
  isMetadataField,
  metadataKeyOf,
  wireFilter,
  type FilterDraft,
} from '../../../components/agent-config/library-filter-values';
import { useListRagDataSourcesQuery, useRemoveRagDataSourceMutation, useUpdateRagDataSourceMutation } from '../api/admin-agents.api';

/** A condition in a few words: "File name contains report", "Metadata: year is one of 2025, 2026". */
function useConditionText() {
  const { t } = useTranslation();
  return (filter: LibraryFilter) => {
    const field = isFilterField(filter.field)
      ? t(`agentDataSources.filterFields.${filter.field}`)
      : isMetadataField(filter.field)
        ? t('agentDataSources.filterMetadataField', { key: metadataKeyOf(filter.field) })
        : filter.field;
    const value = Array.isArray(filter.value) ? filter.value.join(', ') : String(filter.value);
    return `${field} ${t(`agentDataSources.operators.${filter.operator}`)} ${value}`;
  };
}

function FilterEditor({
  link,
  library,
  onDone,
}: {
  link: RagDataSource;
  /** the linked library as the library list has it (undefined: unknown, its conditions are checked by the server alone) */
  library: FileLibrary | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [drafts, setDrafts] = useState<FilterDraft[]>(() => link.filters.map(filterDraft));
  const [save, saving] = useUpdateRagDataSourceMutation();
  const fields = library ? filterableFieldsOf(library.filterableFields) : LibraryFilterFields;
  const id = link.dataSourceId;
  const problems = dataSourceProblems([{ dataSourceId: id, topK: '', minScore: '', filters: drafts }], () =>
    library ? filterableFieldsOf(library.filterableFields) : undefined,
  );
  // what the server refused at a condition (`filters.N`, `filters.N.field|operator|value`), shown at it
  const refused = fieldErrors(saving.error);
  const refusedAt = (i: number) =>
    refused[`filters.${i}`] ?? refused[`filters.${i}.field`] ?? refused[`filters.${i}.operator`] ?? refused[`filters.${i}.value`];
  const invalid = drafts.some((_, i) => problems[`${id}.filters.${i}`]);

  const submit = async () => {
    if (invalid) return;
    const result = await save({ gptSystemId: link.gptSystemId, ragDataSourceId: link.ragDataSourceId, body: { filters: drafts.map(wireFilter) } });
    if (result.data) {
      enqueueSnackbar(t('agentsAdmin.linkFilterSaved'), { variant: 'success' });
      onDone();
    }
  };

  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      <LibraryFilterEditor
        id={link.ragDataSourceId}
        fields={fields}
        value={drafts}
        onChange={setDrafts}
        problems={(i) => problems[`${id}.filters.${i}`] ?? refusedAt(i)}
        disabled={saving.isLoading}
      />
      {saving.error !== undefined && <AdminErrorAlert error={saving.error} />}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" size="small" disabled={saving.isLoading || invalid} onClick={() => void submit()}>
          {saving.isLoading ? t('agentsAdmin.linkFilterSaving') : t('agentsAdmin.linkFilterSave')}
        </Button>
        <Button size="small" disabled={saving.isLoading} onClick={onDone}>
          {t('agentsAdmin.linkFilterCancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

function LinkRow({ link, name, library, canEdit }: { link: RagDataSource; name: string; library: FileLibrary | undefined; canEdit: boolean }) {
  const { t } = useTranslation();
  const conditionText = useConditionText();
  const [editing, setEditing] = useState(false);
  const [remove] = useRemoveRagDataSourceMutation();
  const isLibrary = link.dataSourceType === 'FileLibrary';
  return (
    <Box component="li" data-testid="rag-link" sx={{ py: 1.25, listStyle: 'none', '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {`${link.dataSourceType} · top ${link.topK}`}
          </Typography>
        </Box>
        {canEdit && isLibrary && !editing && (
          <Button size="small" startIcon={<FilterListOutlined />} onClick={() => setEditing(true)} aria-label={t('agentsAdmin.linkFilterEditName', { name })}>
            {t('agentsAdmin.linkFilterEdit')}
          </Button>
        )}
        {canEdit && (
          <IconButton
            edge="end"
            size="small"
            aria-label={t('agentsAdmin.remove')}
            onClick={() => void remove({ gptSystemId: link.gptSystemId, ragDataSourceId: link.ragDataSourceId })}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {!editing && (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.75, alignItems: 'center' }}>
          {link.filters.length === 0 ? (
            <Typography variant="caption" color="text.secondary">
              {t('agentsAdmin.linkFilterNone')}
            </Typography>
          ) : (
            link.filters.map((f, i) => <Chip key={i} size="small" variant="outlined" label={conditionText(f)} sx={{ maxWidth: '100%' }} />)
          )}
        </Stack>
      )}
      {editing && <FilterEditor link={link} library={library} onDone={() => setEditing(false)} />}
    </Box>
  );
}

export function DataSourcesCard({ gptSystemId, canEdit }: { gptSystemId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const links = useListRagDataSourcesQuery(gptSystemId);
  const libraries = useListAgentLibraryChoicesQuery(undefined, { skip: !useMayAct('dataSources', 'read') });
  if (!links.error && !links.data?.items.length) return null;
  const libraryOf = (id: string) => libraries.data?.items.find((l) => l.dataSourceId === id);
  const nameOf = (id: string) => libraryOf(id)?.name ?? (libraries.data ? t('agentsAdmin.unknownLibrary') : id);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2">
        {t('agentsAdmin.dataSourceLinks')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('agentsAdmin.dataSourceLinksText')}
      </Typography>
      {links.error && <AdminErrorAlert error={links.error} onRetry={() => void links.refetch()} />}
      <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={t('agentsAdmin.dataSourceLinks')}>
        {links.data?.items.map((l) => (
          <LinkRow key={l.ragDataSourceId} link={l} name={nameOf(l.dataSourceId)} library={libraryOf(l.dataSourceId)} canEdit={canEdit} />
        ))}
      </Box>
    </Paper>
  );
}
