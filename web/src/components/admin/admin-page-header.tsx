// The top of every admin page: breadcrumbs back to /admin, the page title (also the document title),
// an optional subtitle and the page's actions (buttons on the right; below the title on small screens).
import './admin-ui-texts';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../app/hooks/use-page-title';

export interface AdminCrumb {
  label: string;
  /** omit for the current page */
  to?: string;
}

export interface AdminPageHeaderProps {
  title: string;
  /** document title when it should differ from `title` (defaults to it) */
  pageTitle?: string;
  subtitle?: ReactNode;
  /** crumbs after "Admin", e.g. [{label:'Users', to:'/admin/user'}, {label:'Edit'}] */
  breadcrumbs?: AdminCrumb[];
  /** buttons or menus for the whole page, e.g. a "New user" button */
  actions?: ReactNode;
}

/** Use as the first child of an admin page; it sets the document title (docs/product.md §2: title | product name). */
export function AdminPageHeader({ title, pageTitle, subtitle, breadcrumbs = [], actions }: AdminPageHeaderProps) {
  const { t } = useTranslation();
  usePageTitle(pageTitle ?? title);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, justifyContent: 'space-between', mb: 3 }}>
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Breadcrumbs aria-label="breadcrumb">
          <Link component={RouterLink} to="/admin" underline="hover" color="inherit">
            {t('adminUi.admin')}
          </Link>
          {breadcrumbs.map((crumb, i) =>
            crumb.to && i < breadcrumbs.length - 1 ? (
              <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
                {crumb.label}
              </Link>
            ) : (
              <Typography key={crumb.label} color="text.primary" noWrap>
                {crumb.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" component="div">
            {subtitle}
          </Typography>
        )}
      </Stack>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap', justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
