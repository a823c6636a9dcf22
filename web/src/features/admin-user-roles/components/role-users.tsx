// Who holds the role, a page at a time, each linking to their profile.
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { AdminErrorAlert, StatusChip, useContinuationPaging } from '../../../components/admin';
import { useGetRoleUsersQuery } from '../api/user-roles.api';

export function RoleUsers({ userRoleId }: { userRoleId: string }) {
  const { t } = useTranslation();
  const paging = useContinuationPaging(userRoleId);
  const { data, error, refetch, isFetching } = useGetRoleUsersQuery({ userRoleId, continuationToken: paging.token });
  if (error) return <AdminErrorAlert error={error} onRetry={() => void refetch()} />;
  if (!data) return <Skeleton variant="rounded" height={80} />;
  if (data.items.length === 0) return <Typography variant="body2">{t('adminUserRoles.noRoleUsers')}</Typography>;
  const next = data.continuationToken;
  return (
    <>
      <List dense disablePadding aria-label={t('adminUserRoles.roleUsers')}>
        {data.items.map((u) => (
          <ListItemButton key={u.userId} component={RouterLink} to={`/admin/user/${u.userId}/profile`} divider>
            <ListItemText primary={u.displayName} secondary={u.emailAddress} />
            <StatusChip status={u.status} />
          </ListItemButton>
        ))}
      </List>
      {(paging.hasPrevious || next) && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {t('adminUi.pageNumber', { page: paging.page })}
          </Typography>
          <IconButton aria-label={t('adminUi.previousPage')} disabled={!paging.hasPrevious || isFetching} onClick={paging.previous}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label={t('adminUi.nextPage')} disabled={!next || isFetching} onClick={() => next && paging.next(next)}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      )}
    </>
  );
}
