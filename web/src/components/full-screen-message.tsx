// A message over the whole window: start-up waits, the version-mismatch reload, fatal errors.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface FullScreenMessageProps {
  children: ReactNode;
  busy?: boolean;
  onClick?: () => void;
  overlay?: boolean;
}

export function FullScreenMessage({ children, busy = false, onClick, overlay = false }: FullScreenMessageProps) {
  return (
    <Box
      role={busy ? 'status' : 'alert'}
      aria-live="polite"
      onClick={onClick}
      sx={{
        position: overlay ? 'fixed' : 'relative',
        inset: 0,
        zIndex: overlay ? (t) => t.zIndex.modal + 10 : undefined,
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
        cursor: onClick ? 'pointer' : undefined,
      }}
    >
      {busy && <CircularProgress size={36} />}
      <Typography variant="h6" component="p" sx={{ maxWidth: 520 }}>
        {children}
      </Typography>
    </Box>
  );
}
