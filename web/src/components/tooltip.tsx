// MUI's Tooltip, closed by a click on what it describes. MUI keeps a tooltip open for as long as the
// pointer stays on its element, so after a click it covered what the click opened or changed (the tour,
// a menu, the sidebar's new width). Here a click closes it, and it opens again only once the pointer
// has left the element (or the focus has) and comes back. The app imports this one, never MUI's
// directly (a lint rule in eslint.config.js).
import MuiTooltip, { type TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, useState, type FocusEvent, type MouseEvent, type ReactElement } from 'react';

export type { TooltipProps };

interface ChildHandlers {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

export default function Tooltip({ children, open: openProp, onOpen, onClose, disableHoverListener, ...props }: TooltipProps) {
  const [open, setOpen] = useState(false);
  // after a click, until the pointer or the focus leaves
  const [clicked, setClicked] = useState(false);
  const child = children as ReactElement<ChildHandlers>;
  const reset = () => {
    setClicked(false);
    setOpen(false);
  };
  return (
    <MuiTooltip
      {...props}
      open={!clicked && (openProp ?? open)}
      onOpen={(event) => {
        setOpen(true);
        onOpen?.(event);
      }}
      onClose={(event) => {
        setOpen(false);
        onClose?.(event);
      }}
      // no hover listener while closed by a click: MUI would give a describing tooltip's element a
      // native title back, and the browser would show that instead
      disableHoverListener={disableHoverListener || clicked}
    >
      {cloneElement(child, {
        onClick: (event: MouseEvent<HTMLElement>) => {
          child.props.onClick?.(event);
          setClicked(true);
          setOpen(false);
        },
        onMouseLeave: (event: MouseEvent<HTMLElement>) => {
          child.props.onMouseLeave?.(event);
          if (clicked) reset();
        },
        onBlur: (event: FocusEvent<HTMLElement>) => {
          child.props.onBlur?.(event);
          if (clicked) reset();
        },
      })}
    </MuiTooltip>
  );
}
