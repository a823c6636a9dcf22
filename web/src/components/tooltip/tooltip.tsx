// A tooltip for the chat screens' icon buttons, drawn like MUI's and naming its child the way MUI's
// does (a string title becomes the child's aria-label unless the child has one). MUI's Tooltip brings
// Popper and @popperjs/core, 11 kB gzipped of the chat route's 200 kB budget, for what is here a label
// next to a button: this one measures the child once when it opens, flips to stay on screen, and
// closes on scroll, Escape, pointer leave or blur. Touch does not open it (the aria-label still names
// the control). Lazily loaded pages (administration) keep MUI's Tooltip.
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { cloneElement, type FocusEvent, type PointerEvent, type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export type TooltipPlacement = 'top' | 'bottom' | 'left' | 'right';

interface TooltipProps {
  title: ReactNode;
  placement?: TooltipPlacement;
  children: ReactElement<Record<string, unknown>>;
}

/** MUI's gap between the anchor and the tooltip (desktop) */
const Gap = 14;
const EnterDelayMs = 100;
const Margin = 8;

/** Where the tooltip goes, before measuring it: a placement that would leave the screen flips. */
export function tooltipPosition(anchor: DOMRect, placement: TooltipPlacement, viewport: { width: number; height: number }) {
  let side = placement;
  if (side === 'bottom' && anchor.bottom + Gap + 32 > viewport.height) side = 'top';
  else if (side === 'top' && anchor.top - Gap - 32 < 0) side = 'bottom';
  else if (side === 'right' && anchor.right + Gap + 160 > viewport.width) side = 'left';
  else if (side === 'left' && anchor.left - Gap - 160 < 0) side = 'right';
  const centreX = anchor.left + anchor.width / 2;
  const centreY = anchor.top + anchor.height / 2;
  switch (side) {
    case 'bottom':
      return { side, left: centreX, top: anchor.bottom + Gap, transform: 'translateX(-50%)' };
    case 'top':
      return { side, left: centreX, top: anchor.top - Gap, transform: 'translate(-50%, -100%)' };
    case 'right':
      return { side, left: anchor.right + Gap, top: centreY, transform: 'translateY(-50%)' };
    case 'left':
      return { side, left: anchor.left - Gap, top: centreY, transform: 'translate(-100%, -50%)' };
  }
}

let closeOpenTooltip: (() => void) | null = null;

export default function Tooltip({ title, placement = 'bottom', children }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState<ReturnType<typeof tooltipPosition> | null>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);
  // what the pointer or focus asked for; it opens after the delay unless withdrawn first
  const [pending, setPending] = useState<{ anchor: Element; delay: number } | null>(null);

  const hide = () => {
    setPending(null);
    setOpen(null);
    setShift(0);
  };
  const show = (anchor: Element, delay: number) => setPending({ anchor, delay });

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      closeOpenTooltip?.();
      closeOpenTooltip = hide;
      setOpen(tooltipPosition(pending.anchor.getBoundingClientRect(), placement, { width: window.innerWidth, height: window.innerHeight }));
    }, pending.delay);
    return () => clearTimeout(timer);
    // hide only sets state; placement is read when it opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);

  useEffect(() => {
    if (!open) return;
    // keep the bubble inside the window horizontally (a button near an edge)
    const rect = bubble.current?.getBoundingClientRect();
    if (rect) setShift(rect.left < Margin ? Margin - rect.left : rect.right > window.innerWidth - Margin ? window.innerWidth - Margin - rect.right : 0);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', hide, { capture: true });
      window.removeEventListener('keydown', onKey);
      if (closeOpenTooltip === hide) closeOpenTooltip = null;
    };
  }, [open]);

  if (title === '' || title === null || title === undefined) return children;

  const own = children.props;
  const call = (handler: unknown, e: unknown) => (handler as ((e: unknown) => void) | undefined)?.(e);
  const named = typeof title === 'string' && own['aria-label'] === undefined && own['aria-labelledby'] === undefined;

  return (
    <>
      {cloneElement(children, {
        ...(named ? { 'aria-label': title } : {}),
        ...(open && !named ? { 'aria-describedby': id } : {}),
        onPointerEnter: (e: PointerEvent<Element>) => {
          call(own.onPointerEnter, e);
          if (e.pointerType !== 'touch') show(e.currentTarget, EnterDelayMs);
        },
        onPointerLeave: (e: PointerEvent<Element>) => {
          call(own.onPointerLeave, e);
          hide();
        },
        onFocus: (e: FocusEvent<Element>) => {
          call(own.onFocus, e);
          if (e.currentTarget.matches(':focus-visible')) show(e.currentTarget, 0);
        },
        onBlur: (e: FocusEvent<Element>) => {
          call(own.onBlur, e);
          hide();
        },
        onClick: (e: unknown) => {
          call(own.onClick, e);
          hide();
        },
      })}
      {open &&
        createPortal(
          <Box
            ref={bubble}
            id={id}
            role="tooltip"
            sx={(theme) => ({
              position: 'fixed',
              top: open.top,
              left: open.left + shift,
              transform: open.transform,
              zIndex: theme.zIndex.tooltip,
              pointerEvents: 'none',
              maxWidth: 300,
              px: 1,
              py: 0.5,
              borderRadius: 1,
              bgcolor: alpha(theme.palette.grey[700], 0.92),
              color: theme.palette.common.white,
              fontFamily: theme.typography.fontFamily,
              fontSize: theme.typography.pxToRem(11),
              fontWeight: theme.typography.fontWeightMedium,
              lineHeight: 1.4,
              overflowWrap: 'break-word',
            })}
          >
            {title}
          </Box>,
          document.body,
        )}
    </>
  );
}
