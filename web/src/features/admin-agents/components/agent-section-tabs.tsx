// Edit / Publish / Experience of one agent, as tabs that are links (each is its own admin page).
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { editPath, publishPath, uxPath } from './agent-paths';

export function AgentSectionTabs({ gptSystemId, current }: { gptSystemId: string; current: 'edit' | 'publish' | 'ux' }) {
  const { t } = useTranslation();
  return (
    <Tabs value={current} sx={{ mb: 2 }} aria-label={t('agentsAdmin.title')} variant="scrollable">
      <Tab value="edit" label={t('agentsAdmin.edit')} component={RouterLink} to={editPath(gptSystemId)} />
      <Tab value="publish" label={t('agentsAdmin.publish')} component={RouterLink} to={publishPath(gptSystemId)} />
      <Tab value="ux" label={t('agentsAdmin.ux')} component={RouterLink} to={uxPath(gptSystemId)} />
    </Tabs>
  );
}
