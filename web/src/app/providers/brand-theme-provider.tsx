// Applies the current brand's theme, the local settings and the document's language and direction.
// A right-to-left language (i18n.dir(): ar, he, fa, ...) or the rtl setting (docs/product.md §3) makes <html dir>
// and the MUI theme rtl, and styles then go through an emotion cache whose stylis plugin flips them. That
// plugin is loaded only when rtl is first needed, so the English chat route does not carry it.
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { use, useEffect, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useCurrentBrand } from '../hooks/use-current-brand';
import { i18n as i18next, useTranslation } from '../i18n/i18n';
import { useAppSelector } from '../state/hooks';
import { createBrandTheme } from '../theme/create-brand-theme';
import { useCustomFavicon } from '../theme/use-custom-favicon';

// Emotion's usual cache (same key), given explicitly so that switching direction swaps the cache, not the tree.
const ltrCache = createCache({ key: 'css' });
let rtlCache: Promise<EmotionCache> | undefined;
const loadRtlCache = () => (rtlCache ??= import('../theme/rtl-emotion-cache').then((m) => m.rtlEmotionCache));

// A right-to-left language found at start: fetch the rtl styles alongside its texts.
if (i18next.dir(i18next.language) === 'rtl') void loadRtlCache();

export function BrandThemeProvider({ children }: { children: ReactNode }) {
  const settings = useAppSelector((s) => s.settings);
  const { i18n } = useTranslation();
  // the language whose texts are shown (en-US when the chosen one has no file)
  const language = i18n.resolvedLanguage ?? i18n.language;
  const direction = i18n.dir(language) === 'rtl' ? 'rtl' : settings.themeDirection;
  // suspends until the rtl plugin is in, rather than showing unflipped styles first
  const cache = direction === 'rtl' ? use(loadRtlCache()) : ltrCache;
  const { brand } = useCurrentBrand();
  const theme = useMemo(() => createBrandTheme(brand?.theme, settings, direction), [brand?.theme, settings, direction]);
  useCustomFavicon();
  useLayoutEffect(() => {
    document.documentElement.dir = direction;
    document.documentElement.lang = language;
  }, [direction, language]);
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.primary.main);
  }, [theme]);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
