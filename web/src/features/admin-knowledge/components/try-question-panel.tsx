// "Try a question" (POST …/{dataSourceId}/search): the passages an agent linked to this library would receive for a
// question, ranked, each with its file (which opens the file's details), pages, headings, fused score, the rank and
// score each retriever gave it and, with a default Rerank deployment (the models page), the reranker's rank and
// relevance score, and what the search did (candidates per retriever, after fusion and reranked, time; a reranker's failure). The question is checked with the contract's
// schema before it is sent. An optional condition on the files' metadata (one of the library's filterable fields)
// narrows the passages as an agent's filter would; the server checks it and says what is wrong.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  RetrievalQueryMaxLength,
  RetrievalTopKLimits,
  libraryFilterFieldType,
  type FileLibrary,
  type LibraryFilter,
  type LibraryFilterField,
  type LibraryFilterOperator,
  type RetrieverName,
  type RetrievedPassage,
} from '@atrium/contract';
import { LibrarySearchBodySchema } from '@atrium/contract/forms';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, AdminSection } from '../../../components/admin';
import { schemaProblems } from '../../../components/forms/schema-issues';
import { filterableFieldsOf, isMetadataField, metadataKeyOf, operatorsOf, wireFilter } from '../../../components/agent-config/library-filter-values';
import { useSearchFileLibraryMutation } from '../api/file-libraries.api';
import { Headings, usePagesLabel } from './file-chunks-tab';
import { filePath } from './knowledge-paths';

/** The condition of the form as the API takes it (numbers as numbers, lists split at commas); null without one. */
const filterOf = (field: string, operator: LibraryFilterOperator, value: string): LibraryFilter | null =>
  field ? wireFilter({ field, operator, value }) : null;

function FilterFields({
  library,
  field,
  operator,
  value,
  onChange,
}: {
  library: FileLibrary;
  field: string;
  operator: LibraryFilterOperator;
  value: string;
  onChange: (next: { field: string; operator: LibraryFilterOperator; value: string }) => void;
}) {
  const { t } = useTranslation();
  // the built-in fields the library lets filters name, then its metadata keys (metadata.<key>)
  const fields = filterableFieldsOf(library.filterableFields);
  const operators = field ? operatorsOf(field) : [];
  const type = libraryFilterFieldType(field) ?? 'string';
  const fieldName = (f: string) =>
    isMetadataField(f) ? t('knowledgeAdmin.try.metadataField', { key: metadataKeyOf(f) }) : t(`knowledgeAdmin.textIndex.fields.${f as LibraryFilterField}`);
  const list = operator === 'in' || operator === 'notIn';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1 }}>
      <TextField
        select
        label={t('knowledgeAdmin.try.filterField')}
        value={field}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(e) => {
          const next = e.target.value;
          onChange({ field: next, operator: next ? operatorsOf(next)[0]! : 'eq', value: '' });
        }}
      >
        <MenuItem value="">{t('knowledgeAdmin.try.filterNone')}</MenuItem>
        {fields.map((f) => (
          <MenuItem key={f} value={f}>
            {fieldName(f)}
          </MenuItem>
        ))}
      </TextField>
      {field && (
        <>
          <TextField
            select
            label={t('knowledgeAdmin.try.filterOperator')}
            value={operator}
            sx={{ minWidth: 160 }}
            onChange={(e) => onChange({ field, operator: e.target.value as LibraryFilterOperator, value })}
          >
            {operators.map((o) => (
              <MenuItem key={o} value={o}>
                {t(`knowledgeAdmin.try.operators.${o}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={list ? t('knowledgeAdmin.try.filterValueList') : t('knowledgeAdmin.try.filterValue')}
            value={value}
            type={type === 'date' ? 'date' : type === 'number' && !list ? 'number' : 'text'}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
            onChange={(e) => onChange({ field, operator, value: e.target.value })}
          />
        </>
      )}
    </Stack>
  );
}

const topKChoices = [3, 5, 10, 20, RetrievalTopKLimits.max].filter((n) => n >= RetrievalTopKLimits.min && n <= RetrievalTopKLimits.max);

function PassageCard({
  passage,
  rank,
  retrievers,
  reranked,
}: {
  passage: RetrievedPassage;
  rank: number;
  retrievers: readonly RetrieverName[];
  /** the reranker scored the candidates (a passage without its score was beyond those it was sent) */
  reranked: boolean;
}) {
  const { t, i18n } = useTranslation();
  const score = (n: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3, minimumFractionDigits: 2 }).format(n);
  const pages = usePagesLabel()(passage.pageStart, passage.pageEnd);
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, listStyle: 'none' }} data-testid="passage">
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="subtitle2" color="primary" component="span">
            {t('knowledgeAdmin.try.rank', { rank })}
          </Typography>
          <Link
            component={RouterLink}
            to={filePath(passage.dataSourceId, passage.fileId)}
            aria-label={t('knowledgeAdmin.try.openFile', { name: passage.fileName })}
            sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
          >
            {passage.fileName}
          </Link>
          {pages && (
            <Typography variant="caption" color="text.secondary">
              {pages}
            </Typography>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Typography variant="caption" sx={{ fontWeight: 600 }}>
            {t('knowledgeAdmin.try.score', { score: score(passage.score) })}
          </Typography>
        </Stack>
        <Headings headings={passage.headings} />
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 8, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {passage.text}
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('knowledgeAdmin.try.scores')} role="list">
          {passage.rerank ? (
            <Chip
              role="listitem"
              size="small"
              color="secondary"
              data-testid="rerank-score"
              label={t('knowledgeAdmin.try.rerankRank', { rank: passage.rerank.rank, score: score(passage.rerank.score) })}
            />
          ) : (
            reranked && (
              <Chip
                role="listitem"
                size="small"
                variant="outlined"
                data-testid="rerank-score"
                sx={{ color: 'text.secondary' }}
                label={t('knowledgeAdmin.try.rerankMissed')}
              />
            )
          )}
          {retrievers.map((name) => {
            const found = passage.ranks[name];
            const retriever = t(`knowledgeAdmin.try.retrievers.${name}`);
            return found ? (
              <Chip
                key={name}
                role="listitem"
                size="small"
                variant="outlined"
                label={t('knowledgeAdmin.try.retrieverRank', { retriever, rank: found.rank, score: score(found.score) })}
              />
            ) : (
              <Chip
                key={name}
                role="listitem"
                size="small"
                variant="outlined"
                sx={{ color: 'text.disabled' }}
                label={t('knowledgeAdmin.try.retrieverMissed', { retriever })}
              />
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}

export function TryQuestionPanel({ library }: { library: FileLibrary }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [topK, setTopK] = useState<number>(RetrievalTopKLimits.default);
  const [submitted, setSubmitted] = useState(false);
  const [condition, setCondition] = useState<{ field: string; operator: LibraryFilterOperator; value: string }>({
    field: '',
    operator: 'eq',
    value: '',
  });
  const [search, result] = useSearchFileLibraryMutation();
  const labels = { query: t('knowledgeAdmin.try.query'), topK: t('knowledgeAdmin.try.topK') };
  const problems = schemaProblems<'query' | 'topK'>(LibrarySearchBodySchema, { query, topK }, labels);
  const ms = (n: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(n);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problems.query || problems.topK) return;
    const filter = filterOf(condition.field, condition.operator, condition.value);
    void search({ dataSourceId: library.dataSourceId, body: { query: query.trim(), topK, ...(filter ? { filters: [filter] } : {}) } });
  };

  const answer = result.data;
  // the answer to the question on screen (a new search replaces it)
  const shown = result.isLoading ? undefined : answer;
  return (
    <AdminSection title={t('knowledgeAdmin.try.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {t('knowledgeAdmin.try.text')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t('knowledgeAdmin.try.query')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            fullWidth
            multiline
            maxRows={4}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) submit(e);
            }}
            error={submitted && Boolean(problems.query)}
            helperText={(submitted && problems.query) || ' '}
            slotProps={{ htmlInput: { maxLength: RetrievalQueryMaxLength } }}
          />
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
            <TextField select label={t('knowledgeAdmin.try.topK')} value={topK} onChange={(e) => setTopK(Number(e.target.value))} sx={{ width: 120 }}>
              {topKChoices.map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
            <Button
              type="submit"
              variant="contained"
              disabled={result.isLoading}
              sx={{ height: 56, flexGrow: { xs: 1, sm: 0 } }}
              startIcon={result.isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {result.isLoading ? t('knowledgeAdmin.try.searching') : t('knowledgeAdmin.try.search')}
            </Button>
          </Stack>
        </Stack>
        {library.filterableFields.length > 0 && <FilterFields library={library} {...condition} onChange={setCondition} />}
      </Box>
      {result.error && !result.isLoading && <AdminErrorAlert error={result.error} fallback={t('knowledgeAdmin.try.failed')} />}
      {shown && (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary" component="div" data-testid="search-trace">
            {[
              t('knowledgeAdmin.try.traceShown', { count: shown.passages.length }),
              ...shown.trace.retrievers.map((r) =>
                t('knowledgeAdmin.try.traceRetriever', { retriever: t(`knowledgeAdmin.try.retrievers.${r.name}`), count: r.candidates, ms: ms(r.durationMs) }),
              ),
              ...(shown.trace.retrievers.length > 1 ? [t('knowledgeAdmin.try.traceFused', { count: shown.trace.fused })] : []),
              ...(shown.trace.reranker && !shown.trace.reranker.error
                ? [
                    t('knowledgeAdmin.try.traceReranker', {
                      model: shown.trace.reranker.model,
                      count: shown.trace.reranker.candidates,
                      ms: ms(shown.trace.reranker.durationMs),
                    }),
                  ]
                : []),
              t('knowledgeAdmin.try.traceTotal', { ms: ms(shown.trace.durationMs) }),
            ].join(' · ')}
          </Typography>
          {shown.trace.reranker?.error && (
            <Alert severity="warning" variant="outlined" data-testid="reranker-failed">
              {t('knowledgeAdmin.try.rerankFailed', { model: shown.trace.reranker.model, error: shown.trace.reranker.error })}
            </Alert>
          )}
          {shown.passages.length === 0 ? (
            <Typography color="text.secondary">{t('knowledgeAdmin.try.none')}</Typography>
          ) : (
            <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label={t('knowledgeAdmin.try.passages')}>
              {shown.passages.map((p, i) => (
                <PassageCard
                  key={`${p.fileId}:${p.chunkIndex}`}
                  passage={p}
                  rank={i + 1}
                  retrievers={shown.trace.retrievers.map((r) => r.name)}
                  reranked={shown.trace.reranker !== null && shown.trace.reranker.error === null}
                />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </AdminSection>
  );
}
