// The guidelines document the agent asks people to accept before their first question (issue 5 item 7).
import { useSnackbar } from 'notistack';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetAgentGuidelinesQuery, useListGuidelinesDocumentsForAgentsQuery, useSetAgentGuidelinesMutation } from '../api/admin-agents.api';
import { PickOneCard } from './pick-one-card';

export function GuidelinesCard({ gptSystemId, canEdit }: { gptSystemId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const current = useGetAgentGuidelinesQuery(gptSystemId);
  const documents = useListGuidelinesDocumentsForAgentsQuery(undefined, { skip: !canEdit });
  const [save, saving] = useSetAgentGuidelinesMutation();
  return (
    <PickOneCard
      title={t('agentsAdmin.guidelines.title')}
      text={t('agentsAdmin.guidelines.text')}
      label={t('agentsAdmin.guidelines.document')}
      saveLabel={t('agentsAdmin.guidelines.save')}
      noneLabel={t('agentsAdmin.guidelines.none')}
      currentId={current.data?.guidelinesDocument?.guidelinesDocumentId ?? null}
      currentLabel={current.data?.guidelinesDocument?.documentTitle ?? null}
      options={documents.data?.items.map((d) => ({ id: d.guidelinesDocumentId, label: d.documentTitle }))}
      optionsForbidden={!!documents.error}
      forbiddenText={t('agentsAdmin.guidelines.cannotList')}
      emptyText={t('agentsAdmin.guidelines.empty')}
      canEdit={canEdit}
      loading={current.isLoading || documents.isLoading}
      error={current.error}
      onRetry={() => void current.refetch()}
      saving={saving.isLoading}
      saveError={saving.error}
      onSave={async (guidelinesDocumentId) => {
        const r = await save({ gptSystemId, guidelinesDocumentId });
        if (!r.error) enqueueSnackbar(t('agentsAdmin.guidelines.saved'), { variant: 'success' });
        return !r.error;
      }}
    />
  );
}
