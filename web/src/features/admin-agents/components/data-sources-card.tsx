// The agent's data source links (ragDataSources): libraries linked to the agent directly, which apply at once without
// publishing (the editor's Data sources step chooses the libraries published with the agent). To those who may edit
// the agent the card always shows, with "Add library": a dialog that picks a library the agent is not linked to yet
// (the file libraries the person may read), its top-k (how many passages a question may get from it, checked by the
// contract's bounds before sending) and optionally a metadata filter, then POSTs the link. Each link shows its top-k and
// its filter as chips; "Edit" changes both (PUT of the link with its top-k and whole filter, `[]` removes the filter),
// and a link can be removed. To those who may not edit, the card shows only when links exist. Filters are edited
// with the agent editors' LibraryFilterEditor on the library's filterable fields; each condition says what the
// contract's rules find wrong before saving, and what the server refused (`filters.N.…`) at the condition it names.
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LibraryFilterFields, RetrievalTopKLimits, type FileLibrary, type LibraryFilter, type RagDataSource } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminErrorAlert, fieldErrors } from '../../../components/admin';
import { useListAgentLibraryChoicesQuery } from '../../../components/agent-config/agent-libraries.api';
import { dataSourceBounds, dataSourceProblems } from '../../../components/agent-config/agent-data-sources-values';
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
import {
  useAddRagDataSourceMutation,
  useListRagDataSourcesQuery,
  useRemoveRagDataSourceMutation,
  useUpdateRagDataSourceMutation,
} from '../api/admin-agents.api';

/** Where a new file library is made (docs/product.md §2 /admin/datasource/new). */
const newLibraryPath = '/admin/datasource/new';

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

/**
 * What the contract refuses in a link's top-k and filter, before sending: `topK` (empty: a number is asked for) and
 * `filters.N`, the filter checked on the library's filterable fields when the library is known.
 */
function useLinkProblems(topK: string, drafts: readonly FilterDraft[], library: FileLibrary | undefined) {
  const { t } = useTranslation();
  const key = 'link';
  const problems = dataSourceProblems([{ dataSourceId: key, topK, minScore: '', filters: [...drafts] }], () =>
    library ? filterableFieldsOf(library.filterableFields) : undefined,
  );
  const topKProblem = topK.trim() === '' ? t('agentsAdmin.linkTopKRequired') : problems[`${key}.topK`];
  const filterProblem = (i: number) => problems[`${key}.filters.${i}`];
  return { topKProblem, filterProblem, invalid: topKProblem !== undefined || drafts.some((_, i) => filterProblem(i) !== undefined) };
}

/** What the server refused at a condition (`filters.N`, `filters.N.field|operator|value`). */
const refusedAtCondition = (refused: Record<string, string>, i: number) =>
  refused[`filters.${i}`] ?? refused[`filters.${i}.field`] ?? refused[`filters.${i}.operator`] ?? refused[`filters.${i}.value`];

function TopKField({
  value,
  onChange,
  problem,
  disabled,
  fullWidth,
}: {
  value: string;
  onChange: (value: string) => void;
  /** shown once the field was touched or a save was tried */
  problem: string | undefined;
  disabled?: boolean;
  /** the dialog's full-width field, as tall as the library's; the link editor's is small */
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      type="number"
      size={fullWidth ? 'medium' : 'small'}
      fullWidth={fullWidth}
      label={t('agentsAdmin.linkTopK')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      error={problem !== undefined}
      helperText={problem ?? t('agentsAdmin.linkTopKHelp', { min: RetrievalTopKLimits.min, max: RetrievalTopKLimits.max })}
      slotProps={{
        htmlInput: { inputMode: 'numeric', step: 1, min: dataSourceBounds.topK.min ?? undefined, max: dataSourceBounds.topK.max ?? undefined },
        inputLabel: { shrink: true },
      }}
      sx={fullWidth ? undefined : { maxWidth: 340 }}
    />
  );
}

function LinkEditor({
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
  const [topK, setTopK] = useState(String(link.topK));
  const [drafts, setDrafts] = useState<FilterDraft[]>(() => link.filters.map(filterDraft));
  const [save, saving] = useUpdateRagDataSourceMutation();
  const fields = library ? filterableFieldsOf(library.filterableFields) : LibraryFilterFields;
  const { topKProblem, filterProblem, invalid } = useLinkProblems(topK, drafts, library);
  const refused = fieldErrors(saving.error);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    const result = await save({
      gptSystemId: link.gptSystemId,
      ragDataSourceId: link.ragDataSourceId,
      body: { topK: Number(topK), filters: drafts.map(wireFilter) },
    });
    if (result.data) {
      enqueueSnackbar(t('agentsAdmin.linkSaved'), { variant: 'success' });
      onDone();
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={1.5} sx={{ mt: 1.5 }}>
      <TopKField value={topK} onChange={setTopK} problem={topKProblem ?? refused.topK} disabled={saving.isLoading} />
      <LibraryFilterEditor
        id={link.ragDataSourceId}
        fields={fields}
        value={drafts}
        onChange={setDrafts}
        problems={(i) => filterProblem(i) ?? refusedAtCondition(refused, i)}
        disabled={saving.isLoading}
      />
      {saving.error !== undefined && <AdminErrorAlert error={saving.error} />}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small" disabled={saving.isLoading || invalid}>
          {saving.isLoading ? t('agentsAdmin.linkSaving') : t('agentsAdmin.linkSave')}
        </Button>
        <Button size="small" disabled={saving.isLoading} onClick={onDone}>
          {t('agentsAdmin.linkCancel')}
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
          <Typography variant="caption" color="text.secondary" component="div" data-testid="rag-link-top-k">
            {`${isLibrary ? '' : `${link.dataSourceType} · `}${t('agentsAdmin.linkTopKSummary', { count: link.topK })}`}
          </Typography>
        </Box>
        {canEdit && isLibrary && !editing && (
          <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(true)} aria-label={t('agentsAdmin.linkEditName', { name })}>
            {t('agentsAdmin.linkEdit')}
          </Button>
        )}
        {canEdit && (
          <IconButton
            edge="end"
            size="small"
            aria-label={t('agentsAdmin.linkRemoveName', { name })}
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
      {editing && <LinkEditor link={link} library={library} onDone={() => setEditing(false)} />}
    </Box>
  );
}

interface AddLinkDialogProps {
  open: boolean;
  gptSystemId: string;
  /** false: the person may not read file libraries, so none can be chosen */
  listable: boolean;
  /** the libraries the person may read; undefined while loading */
  libraries: readonly FileLibrary[] | undefined;
  loadError: unknown;
  /** the libraries the agent is linked to already (not offered again) */
  linked: readonly string[];
  onClose: () => void;
}

export function AddLinkDialog({ open, ...rest }: AddLinkDialogProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  // a new form for every opening: the dialog's contents mount with it
  return (
    <Dialog open={open} onClose={rest.onClose} fullScreen={small} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {open && <AddLinkForm {...rest} titleId={titleId} />}
    </Dialog>
  );
}

function AddLinkForm({ gptSystemId, listable, libraries, loadError, linked, onClose, titleId }: Omit<AddLinkDialogProps, 'open'> & { titleId: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [library, setLibrary] = useState<FileLibrary | null>(null);
  const [topK, setTopK] = useState(String(RetrievalTopKLimits.default));
  const [drafts, setDrafts] = useState<FilterDraft[]>([]);
  const [tried, setTried] = useState(false);
  const [add, adding] = useAddRagDataSourceMutation();
  const choices = (libraries ?? []).filter((l) => !linked.includes(l.dataSourceId));
  const { topKProblem, filterProblem, invalid } = useLinkProblems(topK, drafts, library ?? undefined);
  const refused = fieldErrors(adding.error);
  const libraryProblem = tried && !library ? t('agentsAdmin.linkLibraryRequired') : refused.dataSourceId;

  const choose = (next: FileLibrary | null) => {
    setLibrary(next);
    // conditions typed for another library stay (the check names those on a field this one does not offer); with no
    // library there is no filter editor, so none are kept out of sight
    if (!next) setDrafts([]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!library || invalid) return;
    const result = await add({
      gptSystemId,
      dataSourceId: library.dataSourceId,
      topK: Number(topK),
      ...(drafts.length > 0 ? { filters: drafts.map(wireFilter) } : {}),
    });
    if (result.data) {
      enqueueSnackbar(t('agentsAdmin.linkAdded', { name: library.name }), { variant: 'success' });
      onClose();
    }
  };

  let picker;
  if (!listable) picker = <Alert severity="info">{t('agentsAdmin.linkCannotList')}</Alert>;
  else if (loadError !== undefined && !libraries) picker = <AdminErrorAlert error={loadError} />;
  else if (libraries && choices.length === 0)
    picker = (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={newLibraryPath}>
            {t('agentsAdmin.linkCreateLibrary')}
          </Button>
        }
      >
        {libraries.length === 0 ? t('agentsAdmin.linkNoLibraries') : t('agentsAdmin.linkAllLinked')}
      </Alert>
    );
  else
    picker = (
      <Autocomplete
        options={choices}
        value={library}
        onChange={(_, next) => choose(next)}
        loading={!libraries}
        disabled={adding.isLoading}
        getOptionLabel={(l) => l.name}
        getOptionKey={(l) => l.dataSourceId}
        isOptionEqualToValue={(a, b) => a.dataSourceId === b.dataSourceId}
        renderOption={({ key, ...props }, l) => (
          <Box component="li" key={key} {...props}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {l.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('agentsAdmin.linkLibraryFiles', { count: l.files.total, online: l.files.online })}
              </Typography>
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <TextField {...params} label={t('agentsAdmin.linkLibrary')} error={libraryProblem !== undefined} helperText={libraryProblem} autoFocus />
        )}
      />
    );
  const canAdd = listable && choices.length > 0;

  return (
    // a column that fills the dialog (all of a phone's screen), so that the actions stay at its foot
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}>
      <DialogTitle id={titleId}>{t('agentsAdmin.linkAddTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('agentsAdmin.linkAddIntro')}
          </Typography>
          {adding.error !== undefined && <AdminErrorAlert error={adding.error} />}
          {picker}
          {canAdd && (
            <>
              <TopKField value={topK} onChange={setTopK} problem={topKProblem ?? refused.topK} disabled={adding.isLoading} fullWidth />
              {library && (
                <LibraryFilterEditor
                  id={library.dataSourceId}
                  fields={filterableFieldsOf(library.filterableFields)}
                  value={drafts}
                  onChange={setDrafts}
                  problems={(i) => filterProblem(i) ?? refusedAtCondition(refused, i)}
                  disabled={adding.isLoading}
                />
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={adding.isLoading}>
          {t('agentsAdmin.linkCancel')}
        </Button>
        {canAdd && (
          <Button type="submit" variant="contained" disabled={adding.isLoading || invalid}>
            {adding.isLoading ? t('agentsAdmin.linkAdding') : t('agentsAdmin.linkAdd')}
          </Button>
        )}
      </DialogActions>
    </Box>
  );
}

export function DataSourcesCard({ gptSystemId, canEdit }: { gptSystemId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const links = useListRagDataSourcesQuery(gptSystemId);
  const listable = useMayAct('dataSources', 'read');
  const libraries = useListAgentLibraryChoicesQuery(undefined, { skip: !listable });
  const items = links.data?.items ?? [];
  if (!canEdit && !links.error && items.length === 0) return null;
  const libraryOf = (id: string) => libraries.data?.items.find((l) => l.dataSourceId === id);
  const nameOf = (id: string) => libraryOf(id)?.name ?? (libraries.data ? t('agentsAdmin.unknownLibrary') : id);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="data-source-links-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography id="data-source-links-title" variant="h6" component="h2">
          {t('agentsAdmin.dataSourceLinks')}
        </Typography>
        {canEdit && (
          <Button variant="outlined" size="small" startIcon={<AddOutlined />} onClick={() => setAdding(true)} sx={{ flexShrink: 0 }}>
            {t('agentsAdmin.linkAddButton')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, mt: 0.5 }}>
        {t('agentsAdmin.dataSourceLinksText')}
      </Typography>
      {links.error && <AdminErrorAlert error={links.error} onRetry={() => void links.refetch()} />}
      {links.data && items.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }} data-testid="rag-links-empty">
          {t('agentsAdmin.linksEmpty')}
        </Typography>
      )}
      {items.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={t('agentsAdmin.dataSourceLinks')}>
          {items.map((l) => (
            <LinkRow key={l.ragDataSourceId} link={l} name={nameOf(l.dataSourceId)} library={libraryOf(l.dataSourceId)} canEdit={canEdit} />
          ))}
        </Box>
      )}
      {canEdit && (
        <AddLinkDialog
          open={adding}
          gptSystemId={gptSystemId}
          listable={listable}
          libraries={libraries.data?.items}
          loadError={libraries.error}
          linked={items.map((l) => l.dataSourceId)}
          onClose={() => setAdding(false)}
        />
      )}
    </Paper>
  );
}
