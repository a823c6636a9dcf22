// A titled block of an admin form or detail page (a region named by its title), so that every edit page
// groups its fields the same way. `spaced` lays the children out in a column with the form spacing.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function AdminSection({ title, spaced = false, children }: { title: string; spaced?: boolean; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {spaced ? <Stack spacing={2.5}>{children}</Stack> : children}
    </Paper>
  );
}
