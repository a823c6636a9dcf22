// A connection's deployments, one row each (a card on phones and desktops alike): name and model, kind,
// whether it is the default of its kind, what it can do, its limits and prices, and its actions.
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import StarOutline from '@mui/icons-material/StarOutline';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '../../../components/tooltip';
import Typography from '@mui/material/Typography';
import type { Deployment } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { formatPrice, formatTokens } from '../model-choices';

interface Props {
  deployments: readonly Deployment[];
  canWrite: boolean;
  onEdit: (deployment: Deployment) => void;
  onDelete: (deployment: Deployment) => void;
  onMakeDefault: (deployment: Deployment) => void;
}

export function DeploymentList({ deployments, canWrite, onEdit, onDelete, onMakeDefault }: Props) {
  const { t } = useTranslation();
  const price = (p: number | null) => (p === null ? t('adminModels.deployments.noPrice') : formatPrice(p));
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('adminModels.deployments.title')}>
      {deployments.map((d) => {
        const facts = [
          d.contextWindow !== null && t('adminModels.deployments.contextWindow', { tokens: formatTokens(d.contextWindow) }),
          d.maxOutputTokens !== null && t('adminModels.deployments.maxOutputTokens', { tokens: formatTokens(d.maxOutputTokens) }),
          d.dimensions !== null && t('adminModels.deployments.dimensions', { length: d.dimensions }),
          (d.inputPricePerMillionTokens !== null || d.outputPricePerMillionTokens !== null) &&
            t('adminModels.deployments.prices', { input: price(d.inputPricePerMillionTokens), output: price(d.outputPricePerMillionTokens) }),
        ].filter(Boolean);
        return (
          <Box
            component="li"
            key={d.deploymentId}
            data-testid={`deployment-${d.name}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, opacity: d.enabled ? 1 : 0.7 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {d.displayName}
                  </Typography>
                  <Chip size="small" label={t(`adminModels.kinds.${d.kind}`)} variant="outlined" />
                  {d.isDefault && <Chip size="small" color="primary" label={t('adminModels.deployments.default')} />}
                  {!d.enabled && <Chip size="small" label={t('adminModels.deployments.disabled')} />}
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {d.name === d.model ? d.model : `${d.name} → ${d.model}`}
                </Typography>
                {(d.vision || d.tools || d.hipaaCompliant) && (
                  <Stack direction="row" spacing={0.75} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
                    {d.vision && <Chip size="small" variant="outlined" label={t('adminModels.deployments.vision')} />}
                    {d.tools && <Chip size="small" variant="outlined" label={t('adminModels.deployments.tools')} />}
                    {d.hipaaCompliant && <Chip size="small" variant="outlined" color="success" label={t('adminModels.deployments.hipaa')} />}
                  </Stack>
                )}
                {facts.length > 0 && (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {facts.join(' · ')}
                  </Typography>
                )}
              </Box>
              {canWrite && (
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexShrink: 0 }}>
                  {!d.isDefault && d.enabled && (
                    <Tooltip title={t('adminModels.deployments.makeDefault', { name: d.displayName, kind: t(`adminModels.kinds.${d.kind}`) })}>
                      <IconButton onClick={() => onMakeDefault(d)}>
                        <StarOutline />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={t('adminModels.deployments.edit', { name: d.displayName })}>
                    <IconButton onClick={() => onEdit(d)}>
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('adminModels.deployments.delete', { name: d.displayName })}>
                    <IconButton onClick={() => onDelete(d)}>
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </Stack>
              )}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
