// A multiple choice with search over named options (agents, users, roles, directory groups). Options
// come from the caller, which may fetch them by the typed text (onSearch, debounced by the caller);
// with allowFreeIds a typed value that matches nothing can be added as an id (directory groups).
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../app/i18n/i18n';

export interface PickerOption {
  id: string;
  label: string;
  secondary?: string;
}

export interface MultiPickerProps {
  label: string;
  helperText?: string;
  error?: string;
  options: readonly PickerOption[];
  value: readonly PickerOption[];
  onChange: (value: PickerOption[]) => void;
  onSearch?: (text: string) => void;
  loading?: boolean;
  allowFreeIds?: boolean;
  disabled?: boolean;
}

export function MultiPicker({ label, helperText, error, options, value, onChange, onSearch, loading, allowFreeIds, disabled }: MultiPickerProps) {
  const { t } = useTranslation();
  const chosen = new Set(value.map((v) => v.id));
  return (
    <Autocomplete<PickerOption | string, true, false, boolean>
      multiple
      freeSolo={!!allowFreeIds}
      disabled={disabled}
      options={options.filter((o) => !chosen.has(o.id))}
      value={[...value]}
      loading={loading}
      loadingText={t('accessPolicies.loading')}
      noOptionsText={t('accessPolicies.noOptions')}
      filterOptions={onSearch ? (x) => x : undefined}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.secondary ? `${o.label} (${o.secondary})` : o.label)}
      isOptionEqualToValue={(a, b) => typeof a !== 'string' && typeof b !== 'string' && a.id === b.id}
      onInputChange={(_, text, reason) => reason !== 'reset' && onSearch?.(text)}
      onChange={(_, next) =>
        onChange(
          next
            .map((v) => (typeof v === 'string' ? { id: v.trim(), label: v.trim() } : v))
            .filter((v, i, all) => v.id !== '' && all.findIndex((x) => x.id === v.id) === i),
        )
      }
      renderValue={(items, getItemProps) =>
        items.map((o, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={typeof o === 'string' ? o : o.label} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} helperText={error ?? helperText} error={!!error} />}
    />
  );
}
