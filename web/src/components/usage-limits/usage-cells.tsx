// The usage columns of the Agents and Users admin lists: each row's cell asks for the usage of the rows around it (at
// most UsageQueryMaxIds at a time: the cells of one chunk share one request) and shows it against the limit.
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { UsageQueryMaxIds } from '@atrium/contract';
import { useTranslation } from '../../app/i18n/i18n';
import { useGetAgentUsageQuery, useGetUserUsageQuery } from './usage-limits.api';
import { UsageMeter } from './usage-meter';

/** The ids of the chunk `id` is in: the request its cell shares with its neighbours. */
export function chunkOf(ids: readonly string[], id: string): string[] {
  const start = Math.floor(Math.max(0, ids.indexOf(id)) / UsageQueryMaxIds) * UsageQueryMaxIds;
  return ids.slice(start, start + UsageQueryMaxIds);
}

/** Figures stay a short while: a list opened again within it does not ask again. */
const fresh = { refetchOnMountOrArgChange: 30 };

const Unknown = () => (
  <Typography variant="body2" color="text.secondary">
    —
  </Typography>
);

/** An agent's tokens today against its daily limit (and its per-person limit, as a caption). */
export function AgentUsageCell({ ids, gptSystemId }: { ids: readonly string[]; gptSystemId: string }) {
  const { t } = useTranslation();
  const { data, isLoading } = useGetAgentUsageQuery(chunkOf(ids, gptSystemId), fresh);
  if (isLoading) return <Skeleton width={120} />;
  const usage = data?.items.find((i) => i.gptSystemId === gptSystemId);
  if (!usage) return <Unknown />;
  return (
    <UsageMeter
      used={usage.tokensToday}
      limit={usage.tokensPerDay}
      caption={usage.tokensPerUserPerDay ? t('usageLimits.perPerson', { limit: usage.tokensPerUserPerDay }) : null}
    />
  );
}

/** A person's tokens this month against their roles' budget (Soft or Hard as a caption). */
export function UserUsageCell({ ids, userId }: { ids: readonly string[]; userId: string }) {
  const { t } = useTranslation();
  const { data, isLoading } = useGetUserUsageQuery(chunkOf(ids, userId), fresh);
  if (isLoading) return <Skeleton width={120} />;
  const usage = data?.items.find((i) => i.userId === userId);
  if (!usage) return <Unknown />;
  return <UsageMeter used={usage.tokensThisMonth} limit={usage.monthlyTokens} caption={usage.enforcement ? t(`usageLimits.${usage.enforcement}`) : null} />;
}
