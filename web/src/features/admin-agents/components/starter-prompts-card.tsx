// The starter prompts a new chat with the agent offers (promptsForConversation).
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert } from '../../../components/admin';
import { useDeleteStarterPromptMutation, useListStarterPromptsQuery, useSaveStarterPromptMutation } from '../api/admin-agents.api';

export function StarterPromptsCard({ gptSystemId, canEdit }: { gptSystemId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const prompts = useListStarterPromptsQuery(gptSystemId);
  const [save, saved] = useSaveStarterPromptMutation();
  const [remove] = useDeleteStarterPromptMutation();
  const [title, setTitle] = useState('');
  const [prompt, setPrompt] = useState('');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('agentsAdmin.starterPrompts')}
      </Typography>
      {prompts.error && <AdminErrorAlert error={prompts.error} onRetry={() => void prompts.refetch()} />}
      {prompts.data?.items.length === 0 && <Typography color="text.secondary">{t('agentsAdmin.noPrompts')}</Typography>}
      <List dense>
        {prompts.data?.items.map((p) => (
          <ListItem
            key={p.promptId}
            secondaryAction={
              canEdit && (
                <IconButton edge="end" aria-label={`${t('agentsAdmin.remove')} ${p.title}`} onClick={() => void remove({ gptSystemId, promptId: p.promptId })}>
                  <DeleteOutline />
                </IconButton>
              )
            }
          >
            <ListItemText primary={p.title} secondary={p.prompt} />
          </ListItem>
        ))}
      </List>
      {canEdit && (
        <Stack
          component="form"
          spacing={1}
          onSubmit={(e) => {
            e.preventDefault();
            void save({ gptSystemId, body: { title: title.trim(), prompt: prompt.trim() } }).then((r) => {
              if (!r.error) {
                setTitle('');
                setPrompt('');
              }
            });
          }}
        >
          {saved.error && <AdminErrorAlert error={saved.error} />}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField size="small" label={t('agentsAdmin.promptTitle')} value={title} onChange={(e) => setTitle(e.target.value)} sx={{ minWidth: 200 }} />
            <TextField size="small" label={t('agentsAdmin.promptText')} value={prompt} onChange={(e) => setPrompt(e.target.value)} fullWidth />
            <Button type="submit" variant="outlined" disabled={!title.trim() || !prompt.trim() || saved.isLoading} sx={{ flexShrink: 0 }}>
              {t('agentsAdmin.addPrompt')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
