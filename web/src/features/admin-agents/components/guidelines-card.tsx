// The guidelines document the agent asks people to accept before their first question (issue 5 item 7).
// The list needs GuidelinesDocumentsRead; without it the current document is shown read-only.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminErrorAlert } from '../../../components/admin';
import { useGetAgentGuidelinesQuery, useListGuidelinesDocumentsForAgentsQuery, useSetAgentGuidelinesMutation } from '../api/admin-agents.api';

const None = '';

export function GuidelinesCard({ gptSystemId, canEdit }: { gptSystemId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const current = useGetAgentGuidelinesQuery(gptSystemId);
  const documents = useListGuidelinesDocumentsForAgentsQuery(undefined, { skip: !canEdit });
  const [save, saving] = useSetAgentGuidelinesMutation();
  const [choice, setChoice] = useState<string | null>(null);
  const currentId = current.data?.guidelinesDocument?.guidelinesDocumentId ?? None;
  const value = choice ?? currentId;
  const mayList = canEdit && !documents.error;
  const options = documents.data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('agentsAdmin.guidelines.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('agentsAdmin.guidelines.text')}
      </Typography>
      {current.error && <AdminErrorAlert error={current.error} onRetry={() => void current.refetch()} />}
      {saving.error && <AdminErrorAlert error={saving.error} />}
      {mayList ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('agentsAdmin.guidelines.document')}
            value={options.some((d) => d.guidelinesDocumentId === value) || value === None ? value : None}
            onChange={(e) => setChoice(e.target.value)}
            sx={{ minWidth: 280 }}
            disabled={current.isLoading || documents.isLoading}
            helperText={documents.data && options.length === 0 ? t('agentsAdmin.guidelines.empty') : undefined}
          >
            <MenuItem value={None}>{t('agentsAdmin.guidelines.none')}</MenuItem>
            {options.map((d) => (
              <MenuItem key={d.guidelinesDocumentId} value={d.guidelinesDocumentId}>
                {d.documentTitle}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={value === currentId || saving.isLoading}
            onClick={() =>
              void save({ gptSystemId, guidelinesDocumentId: value === None ? null : value }).then((r) => {
                if (!r.error) {
                  setChoice(null);
                  enqueueSnackbar(t('agentsAdmin.guidelines.saved'), { variant: 'success' });
                }
              })
            }
          >
            {t('agentsAdmin.guidelines.save')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1}>
          <Typography>{current.data?.guidelinesDocument?.documentTitle ?? t('agentsAdmin.guidelines.none')}</Typography>
          {canEdit && <Typography variant="caption" color="text.secondary">{t('agentsAdmin.guidelines.cannotList')}</Typography>}
        </Stack>
      )}
    </Paper>
  );
}
