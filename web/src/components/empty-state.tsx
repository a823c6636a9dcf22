// What a page or list shows when there is nothing (yet) to show.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon?: ReactNode;
  title?: string;
  text: string;
  action?: ReactNode;
  dense?: boolean;
}

export function EmptyState({ icon, title, text, action, dense = false }: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: dense ? 1 : 1.5,
        py: dense ? 3 : 8,
        px: dense ? 2 : 3,
        color: 'text.secondary',
      }}
    >
      {icon && (
        <Box
          sx={{
            width: dense ? 44 : 72,
            height: dense ? 44 : 72,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
            '& svg': { fontSize: dense ? 24 : 36 },
          }}
        >
          {icon}
        </Box>
      )}
      {title && (
        <Typography variant={dense ? 'subtitle2' : 'h5'} component="h2" color="text.primary">
          {title}
        </Typography>
      )}
      <Typography variant={dense ? 'body2' : 'body1'} sx={{ maxWidth: 460 }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}
