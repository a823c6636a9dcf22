// The role's actions as a checklist grouped by area (from GET /admin/userRoles/userActions), with
// one checkbox per area to take or leave all of its actions.
import type { UserAction, UserActionDescription } from '@atrium/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert } from '../../../components/admin';
import { useGetUserActionsQuery } from '../api/user-roles.api';

interface Props {
  value: readonly UserAction[];
  onChange: (next: UserAction[]) => void;
  disabled?: boolean;
}

export function RoleActionsChecklist({ value, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const { data, error, refetch } = useGetUserActionsQuery();
  if (error) return <AdminErrorAlert error={error} onRetry={() => void refetch()} />;
  if (!data) return <Skeleton variant="rounded" height={200} />;
  const held = new Set(value);
  const groups = new Map<string, UserActionDescription[]>();
  for (const item of data.items) groups.set(item.area, [...(groups.get(item.area) ?? []), item]);
  // keep the server's (enum) order in the value
  const order = data.items.map((i) => i.userAction);
  const set = (actions: UserAction[], on: boolean) => {
    const next = new Set(held);
    for (const a of actions)
      if (on) next.add(a);
      else next.delete(a);
    onChange(order.filter((a) => next.has(a)));
  };
  return (
    <Grid container spacing={2}>
      {[...groups.entries()].map(([area, items]) => {
        const count = items.filter((i) => held.has(i.userAction)).length;
        const areaName = t(`adminUserRoles.areas.${area}`, { defaultValue: area });
        return (
          <Grid key={area} size={{ xs: 12, md: 6 }}>
            <Paper variant="outlined" component="fieldset" sx={{ p: 1.5, m: 0, height: '100%' }}>
              <Box component="legend" sx={{ px: 0.5 }}>
                <FormControlLabel
                  disabled={disabled}
                  control={
                    <Checkbox
                      checked={count === items.length}
                      indeterminate={count > 0 && count < items.length}
                      onChange={(e) =>
                        set(
                          items.map((i) => i.userAction),
                          e.target.checked,
                        )
                      }
                      slotProps={{ input: { 'aria-label': t('adminUserRoles.selectArea', { area: areaName }) } }}
                    />
                  }
                  label={<Typography sx={{ fontWeight: 600 }}>{areaName}</Typography>}
                />
              </Box>
              <Stack sx={{ pl: 3 }}>
                {items.map((i) => (
                  <FormControlLabel
                    key={i.userAction}
                    disabled={disabled}
                    sx={{ alignItems: 'flex-start', my: 0.25 }}
                    control={
                      <Checkbox size="small" checked={held.has(i.userAction)} onChange={(e) => set([i.userAction], e.target.checked)} sx={{ pt: 0.25 }} />
                    }
                    label={
                      <div>
                        <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                          {i.userAction}
                        </Typography>
                        {i.isSpecific && <Chip size="small" label={t('adminUserRoles.specific')} sx={{ ml: 1, height: 18 }} />}
                        <Typography variant="caption" color="text.secondary" component="div">
                          {i.description}
                        </Typography>
                      </div>
                    }
                  />
                ))}
              </Stack>
            </Paper>
          </Grid>
        );
      })}
    </Grid>
  );
}
