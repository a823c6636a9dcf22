// What "Test connection" found: how long the server took and the models it offers (each with the kind its
// name suggests), or the failure in the provider's words. The models can be chosen (a new connection's
// deployments) or added one by one (a saved connection's).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ConnectionTestResult, DeploymentKind, ListedModel } from '@atrium/contract';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert } from '../../../components/admin';

export type ModelAction =
  | { kind: 'choose'; chosen: ReadonlySet<string>; onToggle: (model: ListedModel) => void }
  | { kind: 'add'; added: ReadonlySet<string>; onAdd: (model: ListedModel) => void };

interface Props {
  result: ConnectionTestResult | undefined;
  /** the test call itself failed (bad settings are shown at their fields) */
  error?: unknown;
  /** the kinds this provider serves: other models cannot be chosen */
  kinds: readonly DeploymentKind[];
  action?: ModelAction;
}

/** Lists longer than this get a filter. */
const FilterFrom = 8;

export function ConnectionTestResultView({ result, error, kinds, action }: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  if (error) return <AdminErrorAlert error={error} fallback={t('adminModels.test.callFailed')} />;
  if (!result) return null;
  if (!result.ok) {
    return (
      <Alert severity="error" data-testid="connection-test-result">
        <AlertTitle>{result.status ? t('adminModels.test.failedStatus', { status: result.status }) : t('adminModels.test.failed')}</AlertTitle>
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {result.message}
        </Box>
      </Alert>
    );
  }
  const { models } = result;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? models.filter((m) => `${m.id} ${m.displayName ?? ''} ${m.baseModel ?? ''}`.toLowerCase().includes(needle)) : models;
  const kindLabel = (kind: DeploymentKind | null) => (kind ? t(`adminModels.kinds.${kind}`) : t('adminModels.test.other'));
  const usable = (m: ListedModel) => m.kind !== null && kinds.includes(m.kind);
  return (
    <Stack spacing={1.5} data-testid="connection-test-result">
      <Alert severity={models.length > 0 ? 'success' : 'warning'}>
        {models.length > 0
          ? t('adminModels.test.ok', { count: models.length, ms: result.durationMs })
          : t('adminModels.test.okNone', { ms: result.durationMs })}
      </Alert>
      {models.length > FilterFrom && (
        <TextField size="small" label={t('adminModels.test.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} type="search" />
      )}
      {models.length > 0 && (
        <Box sx={{ maxHeight: 360, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {shown.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('adminModels.test.noMatch')}
            </Typography>
          )}
          <List dense disablePadding aria-label={t('adminModels.test.serverModels')}>
            {shown.map((m) => {
              // the kind under the id: a phone keeps the whole id on its line
              const text = (
                <ListItemText
                  primary={m.id}
                  secondary={[kindLabel(m.kind), ...[m.displayName, m.baseModel].filter((s) => s && s !== m.id)].join(' · ')}
                  slotProps={{ primary: { sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } } }}
                />
              );
              if (action?.kind === 'choose') {
                const chosen = action.chosen.has(m.id);
                return (
                  <ListItem key={m.id} disablePadding>
                    <ListItemButton onClick={() => action.onToggle(m)} disabled={!usable(m) && !chosen} dense>
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <Checkbox
                          edge="start"
                          checked={chosen}
                          tabIndex={-1}
                          disableRipple
                          slotProps={{ input: { 'aria-label': t('adminModels.test.choose', { model: m.id }) } }}
                        />
                      </ListItemIcon>
                      {text}
                    </ListItemButton>
                  </ListItem>
                );
              }
              const added = action?.kind === 'add' && action.added.has(m.id);
              return (
                <ListItem
                  key={m.id}
                  secondaryAction={
                    action?.kind === 'add' &&
                    (added ? (
                      <Chip size="small" color="success" label={t('adminModels.test.added')} />
                    ) : (
                      <Button size="small" disabled={!usable(m)} onClick={() => action.onAdd(m)} aria-label={t('adminModels.test.choose', { model: m.id })}>
                        {t('adminModels.test.add')}
                      </Button>
                    ))
                  }
                  sx={{ pr: action?.kind === 'add' ? 12 : 2 }}
                >
                  {text}
                </ListItem>
              );
            })}
          </List>
        </Box>
      )}
    </Stack>
  );
}
