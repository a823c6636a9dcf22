// The data sources of an agent draft, shared by the admin agent editor and the Edit Personal Agent page: the file
// libraries the person may read, each with its files counted by status, a box to let the agent answer from it and,
// once chosen, how many passages a question may get from it (top-k), the lowest score a passage needs and a filter on
// its files' metadata (conditions on the library's filterable fields, library-filter-editor.tsx). A library
// the draft names that the list does not hold (deleted, or out of the person's sight) stays listed, to be removed.
// Controlled: the page owns the drafts and saves them with the rest of the agent.
import './agent-data-sources-texts';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LibraryFilterFields, RetrievalTopKLimits, type FileLibrary } from '@atrium/contract';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../app/i18n/i18n';
import { StatusChip, type AdminStatus } from '../admin/status-chip';
import { EmptyState } from '../empty-state';
import { dataSourceBounds, type DataSourceDraft, type DataSourceProblems } from './agent-data-sources-values';
import { LibraryFilterEditor } from './library-filter-editor';
import { filterableFieldsOf, type FilterDraft } from './library-filter-values';

/** The HTTP status of a failed call (components/admin/api-error.ts has the same; importing it from here drew it into
 * the chat route's chunk, which has no room for it). */
const statusOf = (error: unknown): number | undefined => {
  const status = error && typeof error === 'object' && 'status' in error ? error.status : undefined;
  return typeof status === 'number' ? status : undefined;
};

export interface AgentDataSourcesProps {
  /** false: the person may not read file libraries (the draft's own are listed, to be removed) */
  listable: boolean;
  /** the libraries the person may read; undefined while loading */
  libraries: readonly FileLibrary[] | undefined;
  loadError?: unknown;
  onRetry?: () => void;
  value: readonly DataSourceDraft[];
  onChange: (value: DataSourceDraft[]) => void;
  problems: DataSourceProblems;
  disabled?: boolean;
  /** where a new library is made, for people who may make one */
  createLibraryPath?: string;
  personal?: boolean;
}

const countKeys: [AdminStatus, keyof FileLibrary['files']][] = [
  ['Online', 'online'],
  ['Processing', 'processing'],
  ['Queued', 'queued'],
  ['OutOfDate', 'outOfDate'],
  ['Error', 'error'],
];

function FileCounts({ files }: { files: FileLibrary['files'] }) {
  const { t } = useTranslation();
  if (files.total === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('agentDataSources.noFiles')}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {countKeys
        .filter(([, key]) => files[key] > 0)
        .map(([status, key]) => (
          <StatusChip key={status} status={status} label={t('agentDataSources.statusCount', { count: files[key], status: t(`adminUi.status.${status}`) })} />
        ))}
    </Stack>
  );
}

interface RowProps {
  id: string;
  name: string;
  description: string | null;
  library: FileLibrary | null;
  draft: DataSourceDraft | undefined;
  problems: DataSourceProblems;
  disabled?: boolean;
  onToggle: (on: boolean) => void;
  onField: (field: 'topK' | 'minScore', text: string) => void;
  onFilters: (filters: FilterDraft[]) => void;
}

function LibraryRow({ id, name, description, library, draft, problems, disabled, onToggle, onField, onFilters }: RowProps) {
  const { t } = useTranslation();
  const chosen = draft !== undefined;
  const topKProblem = problems[`${id}.topK`];
  const minScoreProblem = problems[`${id}.minScore`];
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="data-source-row"
      sx={{ p: { xs: 1.5, sm: 2 }, listStyle: 'none', borderColor: chosen ? 'primary.main' : undefined, transition: 'border-color 120ms' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          {/* the name labels the box; a label element of its own (not FormControlLabel) keeps the agent editors' shared
              chunks as they were, which the chat route's budget counts the names of */}
          <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
            <Checkbox
              checked={chosen}
              onChange={(e) => onToggle(e.target.checked)}
              disabled={disabled || (!library && !chosen)}
              slotProps={{ input: { id: `data-source-${id}`, 'aria-label': t('agentDataSources.use', { name }) } }}
              sx={{ ml: -1.25 }}
            />
            <Typography
              component="label"
              htmlFor={`data-source-${id}`}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere', pt: 1.1, cursor: disabled ? 'default' : 'pointer' }}
            >
              {name}
            </Typography>
          </Box>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ ml: 4, mt: -0.5, overflowWrap: 'anywhere' }}>
              {description}
            </Typography>
          )}
        </Box>
        <Box sx={{ ml: { xs: 4, sm: 0 }, pt: { sm: 1 }, flexShrink: 0, maxWidth: { sm: '50%' } }}>{library && <FileCounts files={library.files} />}</Box>
      </Stack>
      {chosen && library && library.files.online === 0 && library.files.outOfDate === 0 && (
        <Alert severity="info" variant="outlined" sx={{ mt: 1, ml: { sm: 4 } }}>
          {t('agentDataSources.notOnline')}
        </Alert>
      )}
      {chosen && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 1.5, ml: { sm: 4 } }}>
          <TextField
            type="number"
            size="small"
            label={t('agentDataSources.topK')}
            value={draft.topK}
            placeholder={String(RetrievalTopKLimits.default)}
            onChange={(e) => onField('topK', e.target.value)}
            disabled={disabled}
            error={!!topKProblem}
            helperText={topKProblem ?? t('agentDataSources.topKHelp', { default: RetrievalTopKLimits.default })}
            slotProps={{
              htmlInput: { inputMode: 'numeric', step: 1, min: dataSourceBounds.topK.min ?? undefined, max: dataSourceBounds.topK.max ?? undefined },
              inputLabel: { shrink: true },
            }}
          />
          <TextField
            type="number"
            size="small"
            label={t('agentDataSources.minScore')}
            value={draft.minScore}
            placeholder="0"
            onChange={(e) => onField('minScore', e.target.value)}
            disabled={disabled}
            error={!!minScoreProblem}
            helperText={minScoreProblem ?? t('agentDataSources.minScoreHelp')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', step: 0.05, min: dataSourceBounds.minScore.min ?? undefined, max: dataSourceBounds.minScore.max ?? undefined },
              inputLabel: { shrink: true },
            }}
          />
        </Box>
      )}
      {chosen && (
        <Box sx={{ mt: 1.5, ml: { sm: 4 } }}>
          <LibraryFilterEditor
            id={id}
            fields={library ? filterableFieldsOf(library.filterableFields) : LibraryFilterFields}
            value={draft.filters}
            onChange={onFilters}
            problems={(i) => problems[`${id}.filters.${i}`]}
            disabled={disabled}
          />
        </Box>
      )}
    </Paper>
  );
}

export function AgentDataSources({
  listable,
  libraries,
  loadError,
  onRetry,
  value,
  onChange,
  problems,
  disabled,
  createLibraryPath,
  personal,
}: AgentDataSourcesProps) {
  const { t } = useTranslation();
  const byId = new Map((libraries ?? []).map((l) => [l.dataSourceId, l]));
  const missing = value.filter((d) => !byId.has(d.dataSourceId));
  const toggle = (id: string, on: boolean) =>
    onChange(
      on
        ? [...value.filter((d) => d.dataSourceId !== id), { dataSourceId: id, topK: '', minScore: '', filters: [] }]
        : value.filter((d) => d.dataSourceId !== id),
    );
  const setField = (id: string, field: 'topK' | 'minScore', text: string) => onChange(value.map((d) => (d.dataSourceId === id ? { ...d, [field]: text } : d)));
  const setFilters = (id: string, filters: FilterDraft[]) => onChange(value.map((d) => (d.dataSourceId === id ? { ...d, filters } : d)));
  const row = (id: string, library: FileLibrary | null) => (
    <LibraryRow
      key={id}
      id={id}
      name={library?.name ?? t('agentDataSources.unknown')}
      description={library ? library.description || null : t('agentDataSources.unknownHelp')}
      library={library}
      draft={value.find((d) => d.dataSourceId === id)}
      problems={problems}
      disabled={disabled}
      onToggle={(on) => toggle(id, on)}
      onField={(field, text) => setField(id, field, text)}
      onFilters={(filters) => setFilters(id, filters)}
    />
  );

  let body;
  if (!listable) {
    body = (
      <>
        <Alert severity="info">{t('agentDataSources.cannotList')}</Alert>
        {value.length > 0 && (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label={t('agentDataSources.title')}>
            {value.map((d) => row(d.dataSourceId, null))}
          </Stack>
        )}
      </>
    );
  } else if (loadError !== undefined && !libraries) {
    body =
      statusOf(loadError) === 403 ? (
        <Alert severity="info">{t('agentDataSources.cannotList')}</Alert>
      ) : (
        <Alert
          severity="error"
          action={
            onRetry && (
              <Button color="inherit" size="small" onClick={onRetry}>
                {t('agentDataSources.retry')}
              </Button>
            )
          }
        >
          {t('agentDataSources.loadFailed')}
        </Alert>
      );
  } else if (!libraries) {
    body = (
      <Stack spacing={1.5} aria-busy>
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={72} />
        ))}
      </Stack>
    );
  } else if (libraries.length === 0 && missing.length === 0) {
    body = (
      <Paper variant="outlined">
        <EmptyState
          dense
          icon={<LibraryBooksOutlined />}
          text={t('agentDataSources.empty')}
          action={
            createLibraryPath && (
              <Button variant="outlined" component={RouterLink} to={createLibraryPath}>
                {t('agentDataSources.createLibrary')}
              </Button>
            )
          }
        />
      </Paper>
    );
  }

  return (
    <Stack component="section" aria-labelledby="agent-data-sources-title" spacing={1.5}>
      <Box>
        <Typography id="agent-data-sources-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('agentDataSources.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {personal ? t('agentDataSources.introPersonal') : t('agentDataSources.intro')}
        </Typography>
      </Box>
      {body ?? (
        <>
          <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 500 }}>
            {t('agentDataSources.selected', { count: value.length })}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label={t('agentDataSources.title')}>
            {(libraries ?? []).map((l) => row(l.dataSourceId, l))}
            {missing.map((d) => row(d.dataSourceId, null))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
