// The agent's data source links (ragDataSources): libraries linked through the API, which apply at once without
// publishing. The editor's Data sources step is where libraries are chosen (they are published with the agent);
// this card shows only when links exist, so that they can be seen and removed.
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminErrorAlert } from '../../../components/admin';
import { useListAgentLibraryChoicesQuery } from '../../../components/agent-config/agent-libraries.api';
import { useListRagDataSourcesQuery, useRemoveRagDataSourceMutation } from '../api/admin-agents.api';

export function DataSourcesCard({ gptSystemId, canEdit }: { gptSystemId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const links = useListRagDataSourcesQuery(gptSystemId);
  const libraries = useListAgentLibraryChoicesQuery(undefined, { skip: !useMayAct('dataSources', 'read') });
  const [remove] = useRemoveRagDataSourceMutation();
  if (!links.error && !links.data?.items.length) return null;
  const nameOf = (id: string) => libraries.data?.items.find((l) => l.dataSourceId === id)?.name ?? (libraries.data ? t('agentsAdmin.unknownLibrary') : id);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2">
        {t('agentsAdmin.dataSourceLinks')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('agentsAdmin.dataSourceLinksText')}
      </Typography>
      {links.error && <AdminErrorAlert error={links.error} onRetry={() => void links.refetch()} />}
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
            <ListItemText primary={nameOf(l.dataSourceId)} secondary={`${l.dataSourceType} · top ${l.topK}`} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
