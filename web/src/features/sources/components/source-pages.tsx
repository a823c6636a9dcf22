// A document's text page by page: the cited page marked and scrolled into view (again whenever the address names
// another page), and, for documents of several pages, a bar under the header that shows the page being read and
// jumps to any other (previous, next, or one picked from the list). Pages off screen are not laid out (content-visibility), so that a long document stays quick.
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import UnfoldMore from '@mui/icons-material/UnfoldMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import type { SourceFile } from '@atrium/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

type Page = SourceFile['pages'][number];

/** The app bar's height (dashboard-frame.tsx), under which the page bar sticks. */
const appBarHeight = { xs: 56, sm: 64 } as const;
const pageBarHeight = 52;

export function SourcePages({ pages, cited }: { pages: Page[]; cited: number | null }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const sections = useRef<(HTMLElement | null)[]>([]);
  const citedIndex = cited === null ? -1 : pages.findIndex((p) => p.pageNumber === cited);
  const [reading, setReading] = useState(Math.max(citedIndex, 0));
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // until then, the page chosen stays the one shown, whatever scrolls by on the way (or cannot reach the top)
  const chosenUntil = useRef(0);
  const paged = pages.length > 1 && pages.some((p) => p.pageNumber !== null);

  // the cited page: in view, and the focus on it (screen readers start reading there)
  useEffect(() => {
    const section = sections.current[citedIndex];
    if (!section) return;
    chosenUntil.current = Date.now() + 1000;
    section.scrollIntoView({ block: 'start' });
    section.focus({ preventScroll: true });
    setReading(citedIndex);
  }, [citedIndex]);

  // the page bar follows the page at the top of the screen
  useEffect(() => {
    if (!paged || typeof IntersectionObserver === 'undefined') return;
    const top = (narrow ? appBarHeight.xs : appBarHeight.sm) + pageBarHeight;
    const observer = new IntersectionObserver(
      (entries) => {
        const shown = entries.filter((e) => e.isIntersecting).map((e) => sections.current.indexOf(e.target as HTMLElement));
        if (shown.length > 0 && Date.now() > chosenUntil.current) setReading(Math.min(...shown));
      },
      // a band just under the bars: the page crossing it is the one being read
      { rootMargin: `-${top}px 0px -70% 0px` },
    );
    for (const s of sections.current) if (s) observer.observe(s);
    return () => observer.disconnect();
  }, [paged, narrow, pages]);

  const goTo = (index: number) => {
    chosenUntil.current = Date.now() + 1000;
    setReading(index);
    sections.current[index]?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    sections.current[index]?.focus({ preventScroll: true });
  };

  return (
    <Box>
      {paged && (
        <Box
          component="nav"
          aria-label={t('sources.pages')}
          sx={{
            position: 'sticky',
            top: appBarHeight,
            zIndex: 2,
            mb: 2,
            py: 1,
            minHeight: pageBarHeight,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            bgcolor: alpha(theme.palette.background.default, 0.92),
            backdropFilter: 'blur(8px)',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {t('sources.pages')}
          </Typography>
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', ml: { xs: 0, sm: 'auto' }, width: { xs: '100%', sm: 'auto' }, justifyContent: 'space-between' }}
          >
            <IconButton aria-label={t('sources.previousPage')} disabled={reading === 0} onClick={() => goTo(reading - 1)}>
              <NavigateBefore />
            </IconButton>
            <Button
              color="inherit"
              endIcon={<UnfoldMore fontSize="small" />}
              aria-haspopup="menu"
              aria-expanded={menu ? 'true' : undefined}
              aria-label={t('sources.choosePage', { page: pages[reading]?.pageNumber ?? reading + 1, count: pages.length })}
              onClick={(e) => setMenu(e.currentTarget)}
              sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              <span aria-live="polite">{t('sources.pageOf', { page: pages[reading]?.pageNumber ?? reading + 1, count: pages.length })}</span>
            </Button>
            <IconButton aria-label={t('sources.nextPage')} disabled={reading === pages.length - 1} onClick={() => goTo(reading + 1)}>
              <NavigateNext />
            </IconButton>
          </Stack>
          <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)} slotProps={{ paper: { sx: { maxHeight: 360, minWidth: 180 } } }}>
            {pages.map((p, i) => (
              <MenuItem
                key={i}
                selected={i === reading}
                onClick={() => {
                  setMenu(null);
                  goTo(i);
                }}
                sx={{ gap: 1 }}
              >
                {t('sources.page', { page: p.pageNumber ?? i + 1 })}
                {i === citedIndex && <Chip size="small" color="primary" label={t('sources.cited')} />}
              </MenuItem>
            ))}
          </Menu>
        </Box>
      )}
      <Stack spacing={2}>
        {pages.map((p, i) => {
          const isCited = i === citedIndex;
          const label = p.pageNumber === null ? null : t('sources.page', { page: p.pageNumber });
          return (
            <Paper
              key={i}
              component="section"
              ref={(el: HTMLElement | null) => {
                sections.current[i] = el;
              }}
              tabIndex={-1}
              variant="outlined"
              aria-label={label ?? undefined}
              aria-current={isCited ? 'page' : undefined}
              data-testid={isCited ? 'cited-page' : 'source-page'}
              sx={{
                p: { xs: 2, sm: 3 },
                // under the app bar and the page bar when scrolled to
                scrollMarginTop: { xs: appBarHeight.xs + (paged ? pageBarHeight : 0) + 12, sm: appBarHeight.sm + (paged ? pageBarHeight : 0) + 16 },
                contentVisibility: 'auto',
                containIntrinsicSize: 'auto 900px',
                outline: 'none',
                ...(isCited && { borderColor: 'primary.main', borderWidth: 2, bgcolor: alpha(theme.palette.primary.main, 0.04) }),
                '&:focus-visible': { boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.3)}` },
              }}
            >
              {label && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
                  <Typography variant="overline" component="h2" color={isCited ? 'primary' : 'text.secondary'} sx={{ lineHeight: 1.5, fontWeight: 600 }}>
                    {label}
                  </Typography>
                  {isCited && <Chip size="small" color="primary" label={t('sources.cited')} />}
                </Stack>
              )}
              <Typography component="div" variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.7, maxWidth: '75ch' }}>
                {p.text}
              </Typography>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
