// The agent's retrieval data sources, linked by id (retrieval itself reads them in a later release).
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
import { AdminErrorAlert, fieldErrors } from '../../../components/admin';
import { useAddRagDataSourceMutation, useListRagDataSourcesQuery, useRemoveRagDataSourceMutation } from '../api/admin-agents.api';

export function DataSourcesCard({ gptSystemId, openAdd, canEdit }: { gptSystemId: string; openAdd: boolean; canEdit: boolean }) {
  const { t } = useTranslation();
  const links = useListRagDataSourcesQuery(gptSystemId);
  const [add, added] = useAddRagDataSourceMutation();
  const [remove] = useRemoveRagDataSourceMutation();
  const [dataSourceId, setDataSourceId] = useState('');
  const [adding, setAdding] = useState(openAdd);
  const fieldError = added.error ? (fieldErrors(added.error).dataSourceId ?? null) : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('agentsAdmin.dataSources')}
        </Typography>
        {canEdit && !adding && <Button onClick={() => setAdding(true)}>{t('agentsAdmin.addDataSource')}</Button>}
      </Stack>
      {links.error && <AdminErrorAlert error={links.error} onRetry={() => void links.refetch()} />}
      {links.data?.items.length === 0 && <Typography color="text.secondary">{t('agentsAdmin.noDataSources')}</Typography>}
      <List dense>
        {links.data?.items.map((l) => (
          <ListItem
            key={l.ragDataSourceId}
            secondaryAction={
              canEdit && (
                <IconButton edge="end" aria-label={t('agentsAdmin.remove')} onClick={() => void remove({ gptSystemId, ragDataSourceId: l.ragDataSourceId })}>
                  <DeleteOutline />
                </IconButton>
              )
            }
          >
            <ListItemText primary={l.dataSourceId} secondary={`${l.dataSourceType} · top ${l.topK}`} />
          </ListItem>
        ))}
      </List>
      {adding && canEdit && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void add({ gptSystemId, dataSourceId: dataSourceId.trim() }).then((r) => {
              if (!r.error) setDataSourceId('');
            });
          }}
        >
          <TextField
            size="small"
            fullWidth
            label={t('agentsAdmin.dataSourceId')}
            value={dataSourceId}
            onChange={(e) => setDataSourceId(e.target.value)}
            error={!!added.error}
            helperText={fieldError ?? (added.error ? (added.error as { data?: { message?: string } }).data?.message : ' ')}
          />
          <Button type="submit" variant="outlined" disabled={!dataSourceId.trim()} sx={{ alignSelf: 'flex-start' }}>
            {t('agentsAdmin.addDataSource')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
