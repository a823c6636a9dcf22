// Applies the current brand's theme, the local settings and the document direction.
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useCurrentBrand } from '../hooks/use-current-brand';
import { useAppSelector } from '../state/hooks';
import { createBrandTheme } from '../theme/create-brand-theme';
import { useCustomFavicon } from '../theme/use-custom-favicon';

export function BrandThemeProvider({ children }: { children: ReactNode }) {
  const settings = useAppSelector((s) => s.settings);
  const { brand } = useCurrentBrand();
  const theme = useMemo(() => createBrandTheme(brand?.theme, settings), [brand?.theme, settings]);
  useCustomFavicon();
  useEffect(() => {
    document.documentElement.dir = settings.themeDirection;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.primary.main);
  }, [settings.themeDirection, theme]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
