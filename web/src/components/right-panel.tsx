// The 280 px panels that open from the right (Settings, About).
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export const RightPanelWidth = 280;

interface RightPanelProps {
  open: boolean;
  title: string;
  /** Shown as an icon button in the header; panels with their own Close button leave it out. */
  closeLabel?: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

export function RightPanel({ open, title, closeLabel, onClose, children, footer }: RightPanelProps) {
  const titleId = `panel-title-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: RightPanelWidth }, role: 'dialog', 'aria-labelledby': titleId },
        backdrop: { invisible: true },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="h6" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {closeLabel && (
          <IconButton aria-label={closeLabel} onClick={onClose} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', p: 2.5 }}>{children}</Box>
      {footer && (
        <>
          <Divider />
          <Box sx={{ p: 2 }}>{footer}</Box>
        </>
      )}
    </Drawer>
  );
}
