// Upload or remove an agent's avatar (PNG, JPEG, GIF, WebP or SVG up to 1 MB, checked by the server).
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminAgent } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert } from '../../../components/admin';
import { AgentAvatar } from '../../../components/agent-avatar/agent-avatar';
import { useDeleteAgentAvatarMutation, useUploadAgentAvatarMutation } from '../api/admin-agents.api';

export function AgentAvatarCard({ agent, canEdit }: { agent: AdminAgent; canEdit: boolean }) {
  const { t } = useTranslation();
  const [upload, uploaded] = useUploadAgentAvatarMutation();
  const [remove, removed] = useDeleteAgentAvatarMutation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('agentsAdmin.avatar')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <AgentAvatar gptSystemId={agent.gptSystemId} avatarUrl={agent.avatarUrl} name={agent.name} size={72} />
        {canEdit && (
          <>
            <Button variant="outlined" component="label" disabled={uploaded.isLoading}>
              {t('agentsAdmin.uploadAvatar')}
              <input
                hidden
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void upload({ gptSystemId: agent.gptSystemId, file });
                  e.target.value = '';
                }}
              />
            </Button>
            <Button onClick={() => void remove(agent.gptSystemId)} disabled={removed.isLoading}>
              {t('agentsAdmin.removeAvatar')}
            </Button>
          </>
        )}
      </Stack>
      {(uploaded.error || removed.error) && (
        <Stack sx={{ mt: 2 }}>
          <AdminErrorAlert error={uploaded.error ?? removed.error} />
        </Stack>
      )}
    </Paper>
  );
}
