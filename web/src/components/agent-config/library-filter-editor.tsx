// The metadata filter of one library an agent answers from: conditions on the library's filterable fields (a field,
// an operator its type takes, a value; a list for "is one of"), all of which a passage's file must meet. Each
// condition shows what the contract's rules find wrong with it. Controlled: the data sources block owns the drafts.
import './agent-data-sources-texts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LibraryFilterFieldTypes, MaxLibraryFilters, type LibraryFilterOperator } from '@atrium/contract';
import { useTranslation } from '../../app/i18n/i18n';
import { isFilterField, isListOperator, isMetadataField, metadataKeyOf, newFilterDraft, operatorsOf, type FilterDraft } from './library-filter-values';

export interface LibraryFilterEditorProps {
  /** the name of the library, for the conditions' accessible names */
  id: string;
  /** the fields the library lets filters name (built-in ones and `metadata.<key>`) */
  fields: readonly string[];
  value: readonly FilterDraft[];
  onChange: (value: FilterDraft[]) => void;
  /** the problem of each condition, by its index */
  problems: (index: number) => string | undefined;
  disabled?: boolean;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function ConditionRow({
  index,
  draft,
  fields,
  problem,
  disabled,
  onChange,
  onRemove,
}: {
  index: number;
  draft: FilterDraft;
  fields: readonly string[];
  problem: string | undefined;
  disabled?: boolean;
  onChange: (draft: FilterDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const fieldName = (f: string) =>
    isFilterField(f) ? t(`agentDataSources.filterFields.${f}`) : isMetadataField(f) ? t('agentDataSources.filterMetadataField', { key: metadataKeyOf(f) }) : f;
  // a saved condition on a field the library no longer offers stays choosable, so that it is seen and can be changed
  const choices: string[] = draft.field && !fields.includes(draft.field) ? [...fields, draft.field] : [...fields];
  const type = isFilterField(draft.field) ? LibraryFilterFieldTypes[draft.field] : 'string';
  const list = isListOperator(draft.operator);
  const inputType = list ? 'text' : type === 'number' ? 'number' : type === 'date' && (draft.value === '' || isoDay.test(draft.value)) ? 'date' : 'text';
  const hint = list ? t('agentDataSources.filterValueList') : type === 'id' ? t('agentDataSources.filterIdHelp') : ' ';
  return (
    <Box
      role="group"
      aria-label={t('agentDataSources.filterConditionName', { n: index + 1 })}
      data-testid="filter-condition"
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'start',
        gridTemplateColumns: '1fr 1fr auto',
        gridTemplateAreas: '"field operator remove" "value value value"',
        // one line where the library's card is wide enough (the editor's column, not the window, decides)
        '@container (min-width: 640px)': {
          gridTemplateColumns: 'minmax(140px, 180px) minmax(130px, 170px) 1fr auto',
          gridTemplateAreas: '"field operator value remove"',
        },
      }}
    >
      <TextField
        select
        size="small"
        label={t('agentDataSources.filterParts.field')}
        value={draft.field}
        disabled={disabled}
        sx={{ gridArea: 'field', minWidth: 0 }}
        onChange={(e) => onChange(newFilterDraft(e.target.value))}
      >
        {choices.map((f) => (
          <MenuItem key={f} value={f}>
            {fieldName(f)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('agentDataSources.filterParts.operator')}
        value={draft.operator}
        disabled={disabled}
        sx={{ gridArea: 'operator', minWidth: 0 }}
        onChange={(e) => {
          const operator = e.target.value as LibraryFilterOperator;
          // a list keeps its first value when the condition takes one
          onChange({ ...draft, operator, value: list && !isListOperator(operator) ? (draft.value.split(',')[0]?.trim() ?? '') : draft.value });
        }}
      >
        {operatorsOf(draft.field).map((o) => (
          <MenuItem key={o} value={o}>
            {t(`agentDataSources.operators.${o}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type={inputType}
        label={t('agentDataSources.filterParts.value')}
        value={draft.value}
        disabled={disabled}
        error={!!problem}
        helperText={problem ?? hint}
        sx={{ gridArea: 'value', minWidth: 0 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 2000, ...(inputType === 'number' ? { inputMode: 'decimal' } : {}) } }}
        onChange={(e) => onChange({ ...draft, value: e.target.value })}
      />
      <IconButton
        aria-label={t('agentDataSources.filterRemove', { n: index + 1 })}
        disabled={disabled}
        onClick={onRemove}
        sx={{ gridArea: 'remove', mt: 0.25 }}
        size="small"
      >
        <CloseOutlined fontSize="small" />
      </IconButton>
    </Box>
  );
}

export function LibraryFilterEditor({ id, fields, value, onChange, problems, disabled }: LibraryFilterEditorProps) {
  const { t } = useTranslation();
  const full = value.length >= MaxLibraryFilters;
  const canAdd = fields.length > 0 && !full && !disabled;
  let status: string;
  if (value.length > 0) status = t('agentDataSources.filterIntro');
  else if (fields.length === 0) status = t('agentDataSources.filterNoFields');
  else status = t('agentDataSources.filterNone');
  return (
    <Stack
      component="fieldset"
      spacing={1.25}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0, containerType: 'inline-size' }}
      aria-describedby={`filter-status-${id}`}
    >
      <Box>
        <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
          {t('agentDataSources.filterTitle')}
        </Typography>
        <Typography id={`filter-status-${id}`} variant="body2" color="text.secondary">
          {status}
        </Typography>
      </Box>
      {value.map((draft, i) => (
        <ConditionRow
          key={i}
          index={i}
          draft={draft}
          fields={fields}
          problem={problems(i)}
          disabled={disabled}
          onChange={(next) => onChange(value.map((d, j) => (j === i ? next : d)))}
          onRemove={() => onChange(value.filter((_, j) => j !== i))}
        />
      ))}
      {(fields.length > 0 || value.length > 0) && (
        <Box>
          <Button size="small" startIcon={<AddOutlined />} disabled={!canAdd} onClick={() => onChange([...value, newFilterDraft(fields[0]!)])}>
            {t('agentDataSources.filterAdd')}
          </Button>
          {full && (
            <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {t('agentDataSources.filterFull', { max: MaxLibraryFilters })}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}
