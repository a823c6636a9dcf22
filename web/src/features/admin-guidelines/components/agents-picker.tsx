// The agents a document is attached to (System agents; each shows at most one document).
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGuidelinesOptionsQuery } from '../api/guidelines-documents.api';

interface AgentOption {
  gptSystemId: string;
  name: string;
}

export function AgentsPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: AgentOption[];
  onChange: (v: AgentOption[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { data, isLoading } = useGuidelinesOptionsQuery();
  const options = (data?.gptSystems ?? []).map((a) => ({ gptSystemId: a.gptSystemId, name: a.name }));
  return (
    <Autocomplete
      multiple
      disabled={disabled}
      options={options}
      loading={isLoading}
      value={value}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.gptSystemId === b.gptSystemId}
      onChange={(_, next) => onChange(next)}
      renderInput={(params) => (
        <TextField {...params} label={t('guidelinesAdmin.fields.agents')} helperText={error ?? t('guidelinesAdmin.fields.agentsHelp')} error={!!error} />
      )}
    />
  );
}
