// /admin/models: the connections to model providers with their deployments, and the default of each
// deployment kind. Without a connection it says what answers meanwhile (the offline engine) and offers to
// add one.
import CableOutlined from '@mui/icons-material/CableOutlined';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DeploymentKinds, type Connection, type ProviderDescription } from '@atrium/contract';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminErrorAlert, AdminNewButton, AdminPageHeader, AdminSection } from '../../../components/admin';
import { EmptyState } from '../../../components/empty-state';
import { useListConnectionsQuery, useListProvidersQuery } from '../api/connections.api';
import { defaultsByKind } from '../model-choices';
import { ModelsPath } from './models-paths';

export function ModelsPage() {
  const { t } = useTranslation();
  const canWrite = useMayAct('connections', 'write');
  const { data, isLoading, error, refetch } = useListConnectionsQuery();
  const providers = useListProvidersQuery();
  const addButton = <AdminNewButton show={canWrite} to={`${ModelsPath}/new`} label={t('adminModels.addConnection')} />;
  const defaults = defaultsByKind(data?.items ?? []);
  return (
    <>
      <AdminPageHeader
        title={t('adminModels.title')}
        subtitle={t('adminModels.subtitle')}
        breadcrumbs={[{ label: t('adminModels.title') }]}
        actions={addButton}
      />
      {error && <AdminErrorAlert error={error} fallback={t('adminModels.loadFailed')} onRetry={() => void refetch()} />}
      {isLoading && (
        <Stack spacing={2} aria-label={t('adminModels.loading')}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      )}
      {data && data.items.length === 0 && (
        <Paper variant="outlined">
          <EmptyState
            icon={<CableOutlined />}
            title={t('adminModels.empty.title')}
            text={t('adminModels.empty.text')}
            action={canWrite ? addButton : undefined}
          />
        </Paper>
      )}
      {data && data.items.length > 0 && (
        <Stack spacing={3}>
          <AdminSection title={t('adminModels.defaults.title')}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('adminModels.defaults.text')}
            </Typography>
            <Stack component="dl" spacing={1} sx={{ m: 0 }}>
              {DeploymentKinds.map((kind) => {
                const found = defaults[kind];
                return (
                  <Stack key={kind} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} data-testid={`default-${kind}`}>
                    <Typography component="dt" sx={{ fontWeight: 600, minWidth: 160 }}>
                      {t(`adminModels.kinds.${kind}`)}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }} color={found ? 'text.primary' : 'text.secondary'}>
                      {found
                        ? t('adminModels.defaults.of', { deployment: found.deployment.displayName, connection: found.connection.name })
                        : t(`adminModels.defaults.none.${kind}`)}
                    </Typography>
                  </Stack>
                );
              })}
            </Stack>
          </AdminSection>
          <Stack spacing={2} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('adminModels.title')}>
            {data.items.map((c) => (
              <li key={c.connectionId}>
                <ConnectionCard connection={c} provider={providers.data?.items.find((p) => p.providerType === c.providerType)} />
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </>
  );
}

function ConnectionCard({ connection: c, provider }: { connection: Connection; provider: ProviderDescription | undefined }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={`${ModelsPath}/${c.connectionId}`} aria-label={t('adminModels.connection.open', { name: c.name })}>
        <CardContent>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {c.name}
            </Typography>
            <Chip size="small" label={provider?.displayName ?? c.providerType} />
            {c.createdFromEnvironment && <Chip size="small" variant="outlined" label={t('adminModels.connection.fromEnvironment')} />}
            {(provider?.fields.some((f) => f.name === 'apiKey') ?? true) && (
              <Chip size="small" variant="outlined" label={c.hasApiKey ? t('adminModels.connection.keySet') : t('adminModels.connection.noKey')} />
            )}
          </Stack>
          {c.endpoint && (
            <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {c.endpoint}
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 1.5, mb: 1, fontWeight: 600 }}>
            {c.deployments.length > 0 ? t('adminModels.connection.deployments', { count: c.deployments.length }) : t('adminModels.connection.noDeployments')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {c.deployments.map((d) => (
              <Chip
                key={d.deploymentId}
                size="small"
                variant={d.isDefault ? 'filled' : 'outlined'}
                color={d.isDefault ? 'primary' : 'default'}
                label={`${d.displayName} · ${t(`adminModels.kinds.${d.kind}`)}${d.isDefault ? ` · ${t('adminModels.deployments.default')}` : ''}`}
                sx={{ opacity: d.enabled ? 1 : 0.6 }}
              />
            ))}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
