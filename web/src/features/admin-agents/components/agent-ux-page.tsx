// /admin/gptsystem/{id}/ux: what people see of the agent: its avatar, introduction (part of the draft,
// live once published), starter prompts, the guidelines document people accept first and the brand its chat wears.
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../app/i18n/i18n';
import { useParams } from 'react-router';
import { AdminErrorAlert, AdminPageHeader } from '../../../components/admin';
import { useGetAdminAgentQuery } from '../api/admin-agents.api';
import { AgentAvatarCard } from './agent-avatar-card';
import { listPath } from './agent-paths';
import { AgentSectionTabs } from './agent-section-tabs';
import { BrandCard } from './brand-card';
import { GuidelinesCard } from './guidelines-card';
import { IntroductionCard } from './introduction-card';
import { StarterPromptsCard } from './starter-prompts-card';

export function AgentUxPage() {
  const { t } = useTranslation();
  const { gptSystemId = '' } = useParams();
  const agent = useGetAdminAgentQuery(gptSystemId);
  if (agent.isLoading) return <LinearProgress />;
  if (agent.error || !agent.data) return <AdminErrorAlert error={agent.error} fallback={t('agentsAdmin.loadFailed')} />;
  const canEdit = agent.data.currentUserActions.includes('Edit');
  return (
    <>
      <AdminPageHeader
        title={agent.data.name}
        pageTitle={t('agentsAdmin.uxTitle')}
        breadcrumbs={[{ label: t('agentsAdmin.title'), to: listPath }, { label: agent.data.name }]}
      />
      <AgentSectionTabs gptSystemId={gptSystemId} current="ux" />
      <Stack spacing={3}>
        <AgentAvatarCard agent={agent.data} canEdit={canEdit} />
        {agent.data.configStateId && <IntroductionCard configStateId={agent.data.configStateId} canEdit={canEdit} />}
        <StarterPromptsCard gptSystemId={gptSystemId} canEdit={canEdit} />
        <GuidelinesCard gptSystemId={gptSystemId} canEdit={canEdit} />
        <BrandCard agent={agent.data} canEdit={canEdit} />
      </Stack>
    </>
  );
}
