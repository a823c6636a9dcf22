// The admin area: only for people holding an admin action; its sidebar shows what they may manage.
import { canSeeAdmin } from '@atrium/contract';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from '../i18n/i18n';
import { Navigate } from 'react-router';
import { AdminRoutes } from '../../features/admin-shell/components/admin-routes';
import { AdminSidebar } from '../../features/admin-shell/components/admin-sidebar';
import { useInstanceSettings } from '../hooks/use-instance';
import { useResolvedActions } from '../hooks/use-resolved-actions';
import { DashboardFrame } from './dashboard-frame';

export default function AdminLayout() {
  const { t } = useTranslation();
  const { actions, isLoading } = useResolvedActions();
  const { settings } = useInstanceSettings();
  if (isLoading) return <LinearProgress aria-label={t('common.loading')} />;
  if (!canSeeAdmin(actions)) return <Navigate to="/chat" replace />;
  const showInstanceSettings = settings?.showInstanceSettingsPage ?? false;
  return (
    <DashboardFrame
      navLabel={t('admin.sidebar')}
      homePath="/admin"
      renderNav={(nav) => <AdminSidebar {...nav} actions={actions} showInstanceSettings={showInstanceSettings} />}
    >
      <AdminRoutes actions={actions} showInstanceSettings={showInstanceSettings} />
    </DashboardFrame>
  );
}
