// /admin/gptsystem/configstate/{id}/edit: one configuration state by its id.
import { useTranslation } from '../../../app/i18n/i18n';
import { useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin';
import { AgentDraftEditor } from './agent-draft-editor';
import { listPath } from './agent-paths';

export function ConfigStateEditPage() {
  const { t } = useTranslation();
  const { gptSystemConfigurationStateId = '' } = useParams();
  return (
    <>
      <AdminPageHeader
        title={t('agentsAdmin.configStateTitle')}
        breadcrumbs={[{ label: t('agentsAdmin.title'), to: listPath }, { label: t('agentsAdmin.configStateTitle') }]}
      />
      <AgentDraftEditor configStateId={gptSystemConfigurationStateId} canEdit />
    </>
  );
}
