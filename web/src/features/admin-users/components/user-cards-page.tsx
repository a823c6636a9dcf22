// /admin/user/cards: the same people as the table, as cards (easier to scan on a phone).
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { AdminErrorAlert, AdminPageHeader } from '../../../components/admin';
import { EmptyState } from '../../../components/empty-state';
import { useUserList } from '../hooks/use-user-list';
import { initialsOf } from './format';
import { UserFilter } from './user-filter';
import { UserRoleChips } from './user-role-chips';
import { UserStatusChip } from './user-status-chip';
import { UserViewToggle } from './user-view-toggle';
import { useUserPermissions } from './use-user-permissions';

export function UserCardsPage() {
  const { t } = useTranslation();
  const { canCreate, canWrite } = useUserPermissions();
  const { filter, setFilter, query, paging } = useUserList(24);
  const items = query.data?.items;
  return (
    <>
      <AdminPageHeader
        title={t('adminUsers.title')}
        pageTitle={t('adminUsers.cardsTitle')}
        subtitle={t('adminUsers.listSubtitle')}
        breadcrumbs={[{ label: t('adminUsers.title'), to: '/admin/user' }, { label: t('adminUsers.viewCards') }]}
        actions={
          canCreate && (
            <Button component={RouterLink} to="/admin/user/new" variant="contained" startIcon={<AddIcon />}>
              {t('adminUsers.newUser')}
            </Button>
          )
        }
      />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <UserFilter value={filter} onChange={setFilter} />
        <UserViewToggle view="cards" />
      </Stack>
      {query.error && !items ? (
        <AdminErrorAlert error={query.error} fallback={t('adminUsers.loadFailed')} onRetry={() => void query.refetch()} />
      ) : items?.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState dense icon={<PeopleOutlineIcon />} text={t('adminUsers.noUsers')} />
        </Paper>
      ) : (
        <Grid container spacing={2} aria-label={t('adminUsers.title')} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(items ?? Array.from({ length: 6 }, () => null)).map((u, i) => (
            <Grid key={u?.userId ?? i} size={{ xs: 12, sm: 6, md: 4, xl: 3 }} component="li">
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <CardContent sx={{ flexGrow: 1 }}>
                  {u ? (
                    <Stack spacing={1.5}>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                        <Avatar sx={{ bgcolor: u.disabled ? 'action.disabled' : 'primary.main' }}>{initialsOf(u.displayName, u.emailAddress)}</Avatar>
                        <div style={{ minWidth: 0 }}>
                          <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }}>
                            {u.displayName}
                          </Typography>
                          <Typography variant="body2" color="text.secondary" noWrap title={u.emailAddress}>
                            {u.emailAddress}
                          </Typography>
                        </div>
                      </Stack>
                      <div>
                        <UserStatusChip user={u} />
                      </div>
                      <UserRoleChips roles={u.userRoles} />
                    </Stack>
                  ) : (
                    <Skeleton variant="rounded" height={110} />
                  )}
                </CardContent>
                {u && (
                  <CardActions>
                    <Button size="small" component={RouterLink} to={`/admin/user/${u.userId}/profile`}>
                      {t('adminUsers.profile')}
                    </Button>
                    {canWrite && (
                      <Button size="small" component={RouterLink} to={`/admin/user/${u.userId}/edit`}>
                        {t('adminUsers.edit')}
                      </Button>
                    )}
                  </CardActions>
                )}
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      {(paging.hasPrevious || paging.hasNext) && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="body2" color="text.secondary">
            {t('adminUi.pageNumber', { page: paging.page })}
          </Typography>
          <IconButton aria-label={t('adminUi.previousPage')} disabled={!paging.hasPrevious || query.isFetching} onClick={paging.onPrevious}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label={t('adminUi.nextPage')} disabled={!paging.hasNext || query.isFetching} onClick={paging.onNext}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      )}
    </>
  );
}
