// The tour's tooltip in the app's own look (MUI), with react-joyride's button props (labels, roles)
// spread on MUI buttons. The clicks go to the tour's own rules (TourButtonsContext, see tour-logic.ts)
// rather than to the library's controls. Restart (the Skip button) is hidden on the first step, Back
// too; the last step's primary button reads Done.
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { createContext, useContext, type MouseEvent } from 'react';
import type { TooltipRenderProps } from 'react-joyride';
import type { TourButton } from '../tour-logic';
import { TourConstants } from '../tour-steps';

export type TourButtonPress = (button: TourButton, index: number, size: number) => void;
export const TourButtonsContext = createContext<TourButtonPress | null>(null);

export function TourTooltip({ backProps, closeProps, primaryProps, skipProps, tooltipProps, index, size, step }: TooltipRenderProps) {
  const press = useContext(TourButtonsContext);
  // without the tour's rules (a tooltip drawn on its own), the library's controls move the tour
  const on = (button: TourButton, fallback: (event: MouseEvent<HTMLElement>) => void) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    if (press) press(button, index, size);
    else fallback(event);
  };
  const { children: backLabel, ...back } = backProps as typeof backProps & { children?: React.ReactNode };
  const { children: _close, ...close } = closeProps as typeof closeProps & { children?: React.ReactNode };
  const { children: primaryLabel, ...primary } = primaryProps as typeof primaryProps & { children?: React.ReactNode };
  const { children: skipLabel, ...skip } = skipProps as typeof skipProps & { children?: React.ReactNode };
  const first = index === 0;
  return (
    <Paper
      {...tooltipProps}
      aria-labelledby="tour-tooltip-title"
      aria-describedby="tour-tooltip-content"
      data-tour-step={index}
      elevation={8}
      sx={{ width: TourConstants.width, maxWidth: 'calc(100vw - 32px)', p: 2.5, position: 'relative', borderRadius: 2 }}
    >
      <IconButton {...close} onClick={on('close', close.onClick)} size="small" sx={{ position: 'absolute', top: 8, right: 8 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
      {step.title && (
        <Typography id="tour-tooltip-title" variant="subtitle1" component="h2" sx={{ pr: 4, mb: 1, fontWeight: 600 }}>
          {step.title}
        </Typography>
      )}
      <Typography id="tour-tooltip-content" variant="body2" color="text.secondary" component="div">
        {step.content}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2.5 }}>
        {!first && step.buttons.includes('skip') && (
          <Button {...skip} onClick={on('skip', skip.onClick)} size="small" color="inherit">
            {skipLabel}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {!first && (
          <Button {...back} onClick={on('back', back.onClick)} size="small">
            {backLabel}
          </Button>
        )}
        <Button {...primary} onClick={on('next', primary.onClick)} size="small" variant="contained" autoFocus>
          {primaryLabel}
        </Button>
      </Box>
    </Paper>
  );
}
