// Builds the MUI theme from the brand's colours, the local settings (contrast) and the document's direction.
import type { Brand } from '@atrium/contract';
import { alpha, createTheme, darken, type Theme } from '@mui/material/styles';
import type { LocalSettings } from '../state/settings.slice';

/** Used until the brand arrives and when it cannot be loaded. */
export const fallbackBrandTheme: Brand['theme'] = {
  primary: '#1d4ed8',
  secondary: '#7c3aed',
  info: '#0284c7',
  success: '#15803d',
  warning: '#b45309',
  error: '#b91c1c',
  menu: '#ffffff',
  textPrimary: '#111827',
  textSecondary: '#4b5563',
  textDisabled: '#9ca3af',
  menuTextPrimary: '#1f2937',
  loginBackground: { main: '#eef2ff' },
  useGradientButtons: false,
};

declare module '@mui/material/styles' {
  interface Palette {
    menu: { main: string; text: string };
  }
  interface PaletteOptions {
    menu?: { main: string; text: string };
  }
}

/** `direction` is the document's: rtl for a right-to-left language even when the setting says ltr. */
export function createBrandTheme(
  brandTheme: Brand['theme'] | undefined,
  settings: LocalSettings,
  direction: LocalSettings['themeDirection'] = settings.themeDirection,
): Theme {
  const c = brandTheme ?? fallbackBrandTheme;
  const bold = settings.themeContrast === 'bold';
  const gradient = c.useGradientButtons ? `linear-gradient(135deg, ${c.primary} 0%, ${c.secondary} 100%)` : undefined;
  return createTheme({
    direction,
    palette: {
      mode: 'light',
      primary: { main: c.primary },
      secondary: { main: c.secondary },
      info: { main: c.info },
      success: { main: c.success },
      warning: { main: c.warning },
      error: { main: c.error },
      text: {
        // Bold contrast darkens text so that it reads well on projectors and low-quality screens.
        primary: bold ? darken(c.textPrimary, 0.4) : c.textPrimary,
        secondary: bold ? darken(c.textSecondary, 0.35) : c.textSecondary,
        disabled: c.textDisabled,
      },
      background: { default: bold ? '#f1f3f6' : '#f7f8fa', paper: '#ffffff' },
      divider: bold ? alpha('#111827', 0.2) : alpha('#111827', 0.09),
      menu: { main: c.menu, text: c.menuTextPrimary },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
      h4: { fontWeight: 700, letterSpacing: '-0.02em' },
      h5: { fontWeight: 700, letterSpacing: '-0.01em' },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          containedPrimary: gradient ? { backgroundImage: gradient } : {},
        },
      },
      MuiPaper: {
        styleOverrides: {
          outlined: bold ? { borderColor: alpha('#111827', 0.28) } : {},
        },
      },
      MuiTooltip: { defaultProps: { enterDelay: 500, arrow: true } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 40 } } },
      MuiTabs: { styleOverrides: { root: { minHeight: 40 } } },
    },
  });
}
