// The brand the agent wears: its chat shows that brand's colours and logo (docs/product.md §3 currentBrandKey).
import type { AdminAgent } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useTranslation } from '../../../app/i18n/i18n';
import { useListBrandsForAgentsQuery, useUpdateAdminAgentMutation } from '../api/admin-agents.api';
import { PickOneCard } from './pick-one-card';

export function BrandCard({ agent, canEdit }: { agent: AdminAgent; canEdit: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const brands = useListBrandsForAgentsQuery(undefined, { skip: !canEdit });
  const [update, updating] = useUpdateAdminAgentMutation();
  const current = brands.data?.items.find((b) => b.brandKey === agent.brandKey);
  return (
    <PickOneCard
      title={t('agentsAdmin.brand.title')}
      text={t('agentsAdmin.brand.text')}
      label={t('agentsAdmin.brand.label')}
      saveLabel={t('agentsAdmin.brand.save')}
      currentId={agent.brandKey}
      currentLabel={current ? current.name : agent.brandKey}
      options={brands.data?.items.map((b) => ({ id: b.brandKey, label: b.name }))}
      optionsForbidden={!!brands.error}
      forbiddenText={t('agentsAdmin.brand.cannotList')}
      canEdit={canEdit}
      loading={brands.isLoading}
      error={null}
      saving={updating.isLoading}
      saveError={updating.error}
      onSave={async (brandKey) => {
        if (!brandKey) return false;
        const r = await update({ gptSystemId: agent.gptSystemId, body: { brandKey } });
        if (!r.error) enqueueSnackbar(t('agentsAdmin.brand.saved'), { variant: 'success' });
        return !r.error;
      }}
    />
  );
}
