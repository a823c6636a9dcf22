// The frame of the signed-in areas: a navigation sidebar (permanent 280 px, 80 px minimised, on wide
// screens; a drawer on small ones), a top bar with the account menu, the page, and the footer.
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { alpha, ThemeProvider, useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '../../components/tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { AccountMenu } from '../../features/account/components/account-menu';
import { BrandLogo } from '../../components/brand-logo';
import { brandFileUrl } from '../api/brand.api';
import { useCurrentBrand } from '../hooks/use-current-brand';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { uiActions } from '../state/ui.slice';
import { AppFooter } from './app-footer';
import { createMenuTheme } from '../theme/menu-theme';

export const NavWidth = 280;
export const NavMiniWidth = 80;

export interface NavRenderProps {
  mini: boolean;
  onNavigate: () => void;
}

interface DashboardFrameProps {
  navLabel: string;
  homePath: string;
  renderNav: (props: NavRenderProps) => ReactNode;
  children: ReactNode;
  /** Pages that manage their own width and scrolling (the chat) opt out of the padded container. */
  fullBleed?: boolean;
  /** extra controls in the top bar, before the account menu (the chat's quick-start tour button) */
  headerActions?: ReactNode;
}

export function DashboardFrame({ navLabel, homePath, renderNav, children, fullBleed = false, headerActions }: DashboardFrameProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const mini = useAppSelector((s) => s.ui.navMini) && wide;
  const stretch = useAppSelector((s) => s.settings.themeStretch);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { brand } = useCurrentBrand();
  // docs/product.md §4: the mobile nav closes when the breakpoint changes (state adjusted during render).
  const [wasWide, setWasWide] = useState(wide);
  if (wasWide !== wide) {
    setWasWide(wide);
    setMobileOpen(false);
  }

  const width = mini ? NavMiniWidth : NavWidth;
  const logo = brand ? brandFileUrl(brand, brand.navigationLogoFileName ?? brand.logoFileName) : null;
  const avatar = brand ? brandFileUrl(brand, brand.avatar) : null;
  const menuTheme = useMemo(() => createMenuTheme(theme), [theme]);
  const nav = (
    <ThemeProvider theme={menuTheme}>
      <Box component="nav" aria-label={navLabel} sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: mini ? 'center' : 'space-between', gap: 1, px: mini ? 1 : 2.5, minHeight: 64 }}>
          <Box component={RouterLink} to={homePath} data-tour="brand-logo" onClick={() => setMobileOpen(false)} sx={{ display: 'flex', minWidth: 0 }}>
            {mini ? (
              <BrandLogo src={avatar} fallback="/favicon.svg" alt={t('common.logoAlt', { name: brand?.name ?? '' })} height={36} />
            ) : (
              <BrandLogo src={logo} alt={t('common.logoAlt', { name: brand?.name ?? '' })} height={32} />
            )}
          </Box>
        </Box>
        <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{renderNav({ mini, onNavigate: () => setMobileOpen(false) })}</Box>
      </Box>
    </ThemeProvider>
  );
  const paperSx = {
    width,
    bgcolor: 'menu.main',
    color: 'menu.text',
    borderRight: 1,
    borderColor: 'divider',
    overflowX: 'hidden',
    transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
  } as const;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {wide ? (
        <Drawer variant="permanent" sx={{ width, flexShrink: 0, transition: paperSx.transition, '& .MuiDrawer-paper': paperSx }}>
          {nav}
          <Tooltip title={mini ? t('common.expandNav') : t('common.minimiseNav')} placement="right">
            <IconButton
              aria-label={mini ? t('common.expandNav') : t('common.minimiseNav')}
              onClick={() => dispatch(uiActions.toggleNavMini())}
              size="small"
              sx={{
                position: 'fixed',
                top: 20,
                left: width - 14,
                zIndex: theme.zIndex.drawer + 1,
                width: 28,
                height: 28,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
                transition: paperSx.transition.replace('width', 'left'),
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              {/* the way the sidebar will move: minimising goes towards the window's edge, the right one in rtl */}
              {mini !== (theme.direction === 'rtl') ? <ChevronRightIcon fontSize="small" /> : <ChevronLeftIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': { ...paperSx, width: NavWidth } }}
        >
          {nav}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          elevation={0}
          color="inherit"
          sx={{ bgcolor: alpha(theme.palette.background.default, 0.85), backdropFilter: 'blur(8px)', borderBottom: 1, borderColor: 'divider' }}
        >
          <Toolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 } }}>
            {!wide && (
              <IconButton edge="start" aria-label={t('common.openNavigation')} onClick={() => setMobileOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Box sx={{ flexGrow: 1 }} />
            {headerActions}
            <AccountMenu />
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          sx={{
            flexGrow: 1,
            width: '100%',
            mx: 'auto',
            maxWidth: stretch || fullBleed ? 'none' : theme.breakpoints.values.lg,
            px: fullBleed ? 0 : { xs: 2, sm: 3, md: 4 },
            py: fullBleed ? 0 : { xs: 2, md: 4 },
          }}
        >
          {children}
        </Box>
        <AppFooter />
      </Box>
    </Box>
  );
}
