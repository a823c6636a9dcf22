// The apiKeys tab: the web search keys and the Claude key, with whether Claude is available.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetClaudeEnabledQuery } from '../api/instance-admin.api';
import { ApiKeyCard } from './api-key-card';

function ClaudeStatus() {
  const { t } = useTranslation();
  const { data } = useGetClaudeEnabledQuery();
  if (!data) return null;
  return (
    <Chip
      sx={{ mb: 2 }}
      variant="outlined"
      color={data.enabled ? 'success' : 'default'}
      label={t(data.enabled ? 'adminInstanceSettings.keys.claudeEnabled' : 'adminInstanceSettings.keys.claudeDisabled')}
    />
  );
}

export function ApiKeysTab({ canWrite }: { canWrite: boolean }) {
  return (
    <Stack spacing={2}>
      <ApiKeyCard provider="bing" canWrite={canWrite} />
      <ApiKeyCard provider="braveSearch" canWrite={canWrite} />
      <ApiKeyCard provider="claude" canWrite={canWrite} extra={<ClaudeStatus />} />
    </Stack>
  );
}
