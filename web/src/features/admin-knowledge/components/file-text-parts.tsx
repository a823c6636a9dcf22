// What the file tabs share: a block of text as read (line breaks kept, scrolling within itself), and a pager that
// stays small on a phone.
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import type { ReactNode } from 'react';

export function TextBlock({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box
      component="section"
      aria-label={label}
      data-testid={testId}
      tabIndex={0}
      sx={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        typography: 'body2',
        bgcolor: 'action.hover',
        borderRadius: 1,
        p: 2,
        maxHeight: '55vh',
        overflowY: 'auto',
      }}
    >
      {children}
    </Box>
  );
}

export function Pager({ count, page, onChange, label }: { count: number; page: number; onChange: (page: number) => void; label: string }) {
  if (count <= 1) return null;
  return (
    <Pagination
      count={count}
      page={page}
      onChange={(_, value) => onChange(value)}
      size="small"
      siblingCount={0}
      boundaryCount={1}
      aria-label={label}
      sx={{ '& ul': { flexWrap: 'nowrap' } }}
    />
  );
}
