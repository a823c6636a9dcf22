import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function PageHeader({ title }: { title: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
    </Box>
  );
}
