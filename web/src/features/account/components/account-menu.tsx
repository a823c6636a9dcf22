// The account button; its menu (docs/product.md §2 Account menu) loads on first opening.
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { lazy, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useResolvedActions } from '../../../app/hooks/use-resolved-actions';
import { useAppSelector } from '../../../app/state/hooks';
import { LazyMount } from '../../../components/lazy-mount';

const AccountMenuPopup = lazy(() => import('./account-menu-popup').then((m) => ({ default: m.AccountMenuPopup })));

const initialsOf = (name: string): string =>
  name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

export function AccountMenu() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.auth.user);
  const { user: current } = useResolvedActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = current?.displayName ?? user?.name ?? '';
  const email = current?.emailAddress ?? user?.email ?? '';

  return (
    <>
      {name && (
        <Typography data-tour="account-name" variant="body2" noWrap sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 200, fontWeight: 500 }}>
          {name}
        </Typography>
      )}
      <IconButton
        data-tour="account-popover"
        aria-label={t('account.menu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15, fontWeight: 600 }}>{initialsOf(name || email)}</Avatar>
      </IconButton>
      <LazyMount open={anchor !== null}>
        <AccountMenuPopup anchor={anchor} name={name} email={email} onClose={() => setAnchor(null)} />
      </LazyMount>
    </>
  );
}
