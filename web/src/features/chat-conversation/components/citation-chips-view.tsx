// The sources an answer cites, as numbered chips under it: the number the text cites ([n], else the chip's place),
// the document's name and page. Hovering or focusing a chip shows the passage's excerpt; a click opens the document
// at the page (the sources page, in the app). On a touch screen a tap shows the excerpt with a button that opens it.
// The answer's [n] markers (citation-markers.ts marks their numbers) become links that behave like their chips.
// Without sourceLinks (the public chat: a visitor cannot open the sources page, which needs a sign-in) a document of
// this app is never a link: its chip and its markers show the file's name, page and excerpt only.
// Loaded on its own (answer-card.tsx), only for answers that have citations: the chat route's budget has no room.
import './citation-chips-texts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Citation } from '@atrium/contract';
import { useEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import Tooltip from '../../../components/tooltip';

/** A page of this app (the sources page): opened in the app. */
const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//');
/** A web address (a web search result): opened in a new tab. */
const isWebAddress = (path: string) => /^https?:\/\//i.test(path);

/** A citation with the number people see: the one the answer's text cites, else its place among them. */
interface NumberedCitation extends Citation {
  n: number;
}

const numberCitations = (citations: readonly Citation[]): NumberedCitation[] => citations.map((c, i) => ({ ...c, n: c.number ?? i + 1 }));

const hasPage = (c: Citation): c is Citation & { page: number } => typeof c.page === 'number';

function Excerpt({ citation }: { citation: NumberedCitation }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ py: 0.5 }}>
      <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        [{citation.n}] {citation.title}
        {hasPage(citation) && (
          <Typography component="span" variant="body2" sx={{ fontWeight: 400, opacity: 0.8 }}>
            {' · '}
            {t('citationChips.pageLong', { page: citation.page })}
          </Typography>
        )}
      </Typography>
      <Typography variant="body2" component="p" sx={{ fontStyle: citation.excerpt ? 'normal' : 'italic' }}>
        {citation.excerpt ? `“${citation.excerpt}”` : t('citationChips.noExcerpt')}
      </Typography>
    </Stack>
  );
}

interface ChipProps {
  citation: NumberedCitation;
  /** a touch screen: a tap shows the excerpt instead of opening the document */
  touch: boolean;
  /** an app document's chip opens the sources page (else it only shows its excerpt) */
  sourceLinks: boolean;
  onPeek: (anchor: HTMLElement, citation: NumberedCitation) => void;
}

function CitationChip({ citation, touch, sourceLinks, onPeek }: ChipProps) {
  const { t } = useTranslation();
  const page = hasPage(citation) ? citation.page : null;
  const ariaLabel =
    page === null
      ? t('citationChips.label', { number: citation.n, title: citation.title })
      : t('citationChips.labelWithPage', { number: citation.n, title: citation.title, page });
  const label = (
    <>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {citation.title}
      </Box>
      {page !== null && (
        <Box component="span" sx={{ color: 'text.secondary', flexShrink: 0 }}>
          {t('citationChips.page', { page })}
        </Box>
      )}
    </>
  );
  const common = {
    size: 'small' as const,
    variant: 'outlined' as const,
    'aria-label': ariaLabel,
    'data-testid': 'citation-chip',
    avatar: <Avatar aria-hidden>{citation.n}</Avatar>,
    label,
    sx: {
      maxWidth: { xs: '100%', sm: 340 },
      height: 28,
      '& .MuiChip-label': { display: 'flex', gap: 0.75, minWidth: 0 },
      '& .MuiChip-avatar': { bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 600, width: 20, height: 20, fontSize: '0.7rem' },
    },
  };
  const peek = (event: ReactMouseEvent<HTMLElement>) => {
    event.preventDefault();
    onPeek(event.currentTarget, citation);
  };
  let chip;
  if (sourceLinks && isAppPath(citation.path))
    chip = <Chip {...common} clickable component={RouterLink} to={citation.path} onClick={touch ? peek : undefined} />;
  else if (isWebAddress(citation.path))
    chip = <Chip {...common} clickable component="a" href={citation.path} target="_blank" rel="noopener noreferrer" onClick={touch ? peek : undefined} />;
  else chip = <Chip {...common} clickable onClick={peek} />;
  if (touch) return chip;
  return (
    <Tooltip
      title={<Excerpt citation={citation} />}
      describeChild
      enterDelay={300}
      placement="top-start"
      slotProps={{ tooltip: { sx: { maxWidth: 380, p: 1.25 } } }}
    >
      {chip}
    </Tooltip>
  );
}

export default function CitationChipsView({ citations, sourceLinks = true }: { citations: readonly Citation[]; sourceLinks?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const touch = useMediaQuery('(hover: none)');
  const numbered = useMemo(() => numberCitations(citations), [citations]);
  const [peeking, setPeeking] = useState<{ anchor: HTMLElement; citation: NumberedCitation } | null>(null);
  const section = useRef<HTMLElement>(null);

  // The answer's [n] markers: the numbers citation-markers.ts marked, made links to their citations here (the markdown
  // renderer knows nothing of them), again whenever the answer's blocks are drawn anew (a block typeset once KaTeX
  // arrived, the renderer loaded after the text). Marking them changes attributes only: React, which owns the blocks'
  // HTML, never looks inside it. A click opens them as their chips do; Ctrl or Cmd and a click, in a new tab.
  const theme = useTheme();
  useEffect(() => {
    const answer = section.current?.closest('article');
    if (!answer) return;
    const linkLabel = (c: NumberedCitation) =>
      hasPage(c) ? t('citationChips.labelWithPage', { number: c.n, title: c.title, page: c.page }) : t('citationChips.label', { number: c.n, title: c.title });
    const citationOf = (el: HTMLElement | null) => (el ? numbered.find((c) => String(c.n) === el.dataset.citation && isAppPath(c.path)) : undefined);
    const mark = () => {
      for (const marker of answer.querySelectorAll<HTMLElement>('.markdown span[data-citation]:not([role])')) {
        const citation = citationOf(marker);
        if (!citation) continue;
        marker.setAttribute('role', sourceLinks ? 'link' : 'button');
        marker.tabIndex = 0;
        marker.title = linkLabel(citation);
        marker.setAttribute('aria-label', linkLabel(citation));
        Object.assign(marker.style, { color: theme.palette.primary.main, cursor: 'pointer', fontWeight: '600' });
        const group = marker.parentElement;
        if (group?.classList.contains('citation-marker')) Object.assign(group.style, { fontSize: '0.75em', verticalAlign: 'super', lineHeight: '0' });
      }
    };
    const open = (event: Event, marker: HTMLElement, citation: NumberedCitation, newTab: boolean) => {
      event.preventDefault();
      if (!sourceLinks) setPeeking({ anchor: marker, citation });
      else if (newTab) window.open(citation.path, '_blank', 'noopener');
      else if (touch) setPeeking({ anchor: marker, citation });
      else void navigate(citation.path);
    };
    const markerOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>('span[data-citation][role]') : null);
    const onClick = (event: MouseEvent) => {
      const marker = markerOf(event);
      const citation = citationOf(marker);
      if (event.defaultPrevented || event.button !== 0 || !marker || !citation) return;
      open(event, marker, citation, event.ctrlKey || event.metaKey || event.shiftKey);
    };
    const onKey = (event: KeyboardEvent) => {
      const marker = markerOf(event);
      const citation = citationOf(marker);
      // a link opens with Enter; a marker that only shows its excerpt is a button, which Space presses too
      const press = event.key === 'Enter' || (!sourceLinks && event.key === ' ');
      if (press && marker && citation) open(event, marker, citation, event.ctrlKey || event.metaKey);
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(answer, { childList: true, subtree: true });
    answer.addEventListener('click', onClick);
    answer.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      answer.removeEventListener('click', onClick);
      answer.removeEventListener('keydown', onKey);
    };
  }, [numbered, touch, sourceLinks, navigate, theme, t]);

  const open = peeking?.citation;
  return (
    <Box component="section" ref={section} aria-label={t('citationChips.title')} sx={{ mt: 1.5 }}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 2 }}>
        {t('citationChips.title')}
      </Typography>
      <Stack component="ul" direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}>
        {numbered.map((c, i) => (
          <Box component="li" key={`${c.n}-${c.path}-${i}`} sx={{ maxWidth: '100%', display: 'flex' }}>
            <CitationChip citation={c} touch={touch} sourceLinks={sourceLinks} onPeek={(anchor, citation) => setPeeking({ anchor, citation })} />
          </Box>
        ))}
      </Stack>
      <Popover
        open={!!peeking}
        anchorEl={peeking?.anchor}
        onClose={() => setPeeking(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 1.5, maxWidth: 'min(360px, calc(100vw - 32px))' }, role: 'dialog', 'aria-label': open ? open.title : undefined } }}
      >
        {open && (
          <Stack spacing={1}>
            <Excerpt citation={open} />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button size="small" onClick={() => setPeeking(null)}>
                {t('citationChips.close')}
              </Button>
              {((sourceLinks && isAppPath(open.path)) || isWebAddress(open.path)) && (
                <Button
                  size="small"
                  variant="contained"
                  {...(isAppPath(open.path)
                    ? { component: RouterLink, to: open.path }
                    : { component: 'a', href: open.path, target: '_blank', rel: 'noopener noreferrer' })}
                  onClick={() => setPeeking(null)}
                >
                  {hasPage(open) ? t('citationChips.openPage', { page: open.page }) : t('citationChips.open')}
                </Button>
              )}
            </Stack>
          </Stack>
        )}
      </Popover>
    </Box>
  );
}
