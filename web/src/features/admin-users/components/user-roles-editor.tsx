// The roles of one person on the edit page: remove (after confirming) and add from the other roles.
import type { AdminUser } from '@atrium/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { ConfirmDialog, apiErrorMessage } from '../../../components/admin';
import { useAddUserRoleMutation, useGetAssignableRolesQuery, useRemoveUserRoleMutation } from '../api/admin-users.api';

export function UserRolesEditor({ user, canAdd, canRemove }: { user: AdminUser; canAdd: boolean; canRemove: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const roles = useGetAssignableRolesQuery();
  const [addRole, adding] = useAddUserRoleMutation();
  const [removeRole, removing] = useRemoveUserRoleMutation();
  const [chosen, setChosen] = useState('');
  const [toRemove, setToRemove] = useState<{ userRoleId: string; name: string } | null>(null);
  const held = new Set(user.userRoles.map((r) => r.userRoleId));
  const addable = (roles.data?.items ?? []).filter((r) => !held.has(r.userRoleId));

  const add = async () => {
    const result = await addRole({ userId: user.userId, userRoleId: chosen });
    if ('error' in result) enqueueSnackbar(apiErrorMessage(result.error, t('adminUi.loadFailed')), { variant: 'error' });
    else setChosen('');
  };
  const remove = async () => {
    if (!toRemove) return;
    const result = await removeRole({ userId: user.userId, userRoleId: toRemove.userRoleId });
    if ('error' in result) enqueueSnackbar(apiErrorMessage(result.error, t('adminUi.loadFailed')), { variant: 'error' });
    setToRemove(null);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('adminUsers.rolesHelp')}
      </Typography>
      {user.userRoles.length === 0 ? (
        <Typography variant="body2">{t('adminUsers.noRoles')}</Typography>
      ) : (
        <List dense disablePadding aria-label={t('adminUsers.roles')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {user.userRoles.map((r) => (
            <ListItem
              key={r.userRoleId}
              divider
              secondaryAction={
                canRemove && (
                  <IconButton edge="end" aria-label={t('adminUsers.removeRole', { name: r.name })} onClick={() => setToRemove(r)}>
                    <RemoveCircleOutlineIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={r.name} />
              {r.isBuiltIn && <Chip size="small" variant="outlined" label={t('adminUsers.builtIn')} sx={{ mr: 4 }} />}
            </ListItem>
          ))}
        </List>
      )}
      {canAdd && addable.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField select size="small" label={t('adminUsers.chooseRole')} value={chosen} onChange={(e) => setChosen(e.target.value)} sx={{ minWidth: 240 }}>
            {addable.map((r) => (
              <MenuItem key={r.userRoleId} value={r.userRoleId}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={() => void add()} disabled={!chosen || adding.isLoading}>
            {t('adminUsers.addRole')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title={t('adminUsers.removeRoleTitle', { role: toRemove?.name ?? '' })}
        text={t('adminUsers.removeRoleText', { name: user.displayName })}
        confirmLabel={t('adminUsers.remove')}
        busy={removing.isLoading}
        onCancel={() => setToRemove(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
