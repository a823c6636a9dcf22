// The navigation sidebar sits on the brand's `menu` colour, which may be dark while the page is light.
// Its contents (tabs, search field, lists, empty texts) then need a palette of their own, derived
// from that colour and `menuTextPrimary`, so that every text keeps its contrast.
import { alpha, createTheme, getLuminance, lighten, type Theme } from '@mui/material/styles';

// The page's theme, kept on the menu theme it was made from. A key on the theme itself, not a map from
// theme to theme: a nested ThemeProvider hands its children a copy of the theme (spread over the outer one).
const PageTheme = Symbol('pageTheme');
type MenuTheme = Theme & { [PageTheme]?: Theme };

/**
 * The page's theme, from inside the sidebar: for what the sidebar opens over the page (the quick-create
 * popover), which would otherwise take the menu's dark palette with it.
 */
export const pageThemeOf = (theme: Theme): Theme => (theme as MenuTheme)[PageTheme] ?? theme;

export function createMenuTheme(outer: Theme): Theme {
  const surface = outer.palette.menu.main;
  const text = outer.palette.menu.text;
  const dark = getLuminance(surface) < 0.35;
  if (!dark) return outer;
  const menu: MenuTheme = createTheme(outer, {
    palette: {
      mode: 'dark',
      primary: { main: lighten(outer.palette.primary.main, 0.35), contrastText: '#0b1220' },
      background: { default: surface, paper: lighten(surface, 0.06) },
      text: { primary: text, secondary: alpha(text, 0.72), disabled: alpha(text, 0.45) },
      divider: alpha(text, 0.14),
      action: {
        active: alpha(text, 0.72),
        hover: alpha(text, 0.08),
        selected: alpha(text, 0.14),
        disabled: alpha(text, 0.3),
        disabledBackground: alpha(text, 0.12),
      },
    },
  });
  menu[PageTheme] = outer;
  return menu;
}
