// The emotion cache for right-to-left languages (MUI's RTL guide): stylis' rtl plugin flips every
// style (margin-left becomes margin-right, and so on). Imported only when a right-to-left language or
// the rtl setting is active (brand-theme-provider.tsx), so the English chat route does not carry it.
import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

export const rtlEmotionCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
