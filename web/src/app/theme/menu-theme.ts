// The navigation sidebar sits on the brand's `menu` colour, which may be dark while the page is light.
// Its contents (tabs, search field, lists, empty texts) then need a palette of their own, derived
// from that colour and `menuTextPrimary`, so that every text keeps its contrast.
import { alpha, createTheme, getLuminance, lighten, type Theme } from '@mui/material/styles';

export function createMenuTheme(outer: Theme): Theme {
  const surface = outer.palette.menu.main;
  const text = outer.palette.menu.text;
  const dark = getLuminance(surface) < 0.35;
  if (!dark) return outer;
  return createTheme(outer, {
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
}
