// A connection's settings as its provider describes them (GET /admin/connections/Providers): the name, then
// each field the provider asks for (base URL or endpoint, API key, API version), with the server's 400
// details under the field they name. On a saved connection the key field says whether a key is stored.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ProviderDescription } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';

export interface SettingsForm {
  name: string;
  endpoint: string;
  apiKey: string;
  apiVersion: string;
  /** saved connections: remove the stored key (providers whose key is optional) */
  removeKey: boolean;
}

export const emptySettings: SettingsForm = { name: '', endpoint: '', apiKey: '', apiVersion: '', removeKey: false };

/** What the form's text becomes in a request: empty fields are null. */
export const settingValue = (text: string): string | null => (text.trim() === '' ? null : text.trim());

interface Props {
  provider: ProviderDescription;
  value: SettingsForm;
  onChange: (next: SettingsForm) => void;
  errors: Record<string, string>;
  disabled?: boolean;
  /** a saved connection's key state: the key field then says whether one is stored */
  storedKey?: boolean;
}

export function ConnectionSettingsFields({ provider, value, onChange, errors, disabled = false, storedKey }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<SettingsForm>) => onChange({ ...value, ...patch });
  return (
    <Stack spacing={2.5}>
      <TextField
        label={t('adminModels.connection.name')}
        value={value.name}
        onChange={(e) => set({ name: e.target.value })}
        required
        disabled={disabled}
        error={!!errors.name}
        helperText={errors.name ?? t('adminModels.connection.nameHelp')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {provider.fields.map((field) => {
        const isKey = field.name === 'apiKey';
        const keyHelp = storedKey === undefined ? '' : storedKey ? t('adminModels.connection.keyStored') : t('adminModels.connection.keyNone');
        return (
          <Stack key={field.name} spacing={0.5}>
            <TextField
              label={field.displayName}
              type={field.fieldType === 'secret' ? 'password' : field.fieldType === 'url' ? 'url' : 'text'}
              autoComplete={isKey ? 'new-password' : 'off'}
              value={value[field.name]}
              onChange={(e) => set({ [field.name]: e.target.value })}
              // a stored key need not be typed again
              required={field.required && !(isKey && storedKey)}
              disabled={disabled || (isKey && value.removeKey)}
              placeholder={field.defaultValue ?? undefined}
              error={!!errors[field.name]}
              helperText={errors[field.name] ?? [field.description, isKey ? keyHelp : ''].filter(Boolean).join(' ')}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
            {isKey && storedKey && !field.required && (
              <FormControlLabel
                control={<Checkbox checked={value.removeKey} onChange={(e) => set({ removeKey: e.target.checked, apiKey: '' })} disabled={disabled} />}
                label={t('adminModels.connection.removeKey')}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
