// The parts every admin list page repeats: the "New …" button of the header, the search field, the
// name-and-description cell, and the table's loading/error props from a list query.
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The header's create button, shown only to those who may create (pass the area's useMayAct). */
export function AdminNewButton({ to, label, show }: { to: string; label: string; show: boolean }) {
  if (!show) return null;
  return (
    <Button component={RouterLink} to={to} variant="contained" startIcon={<AddIcon />}>
      {label}
    </Button>
  );
}

/** A list's search or filter field: the same width, icon and small-screen behaviour on every page. */
export function AdminSearchField({
  label,
  value,
  onChange,
  bottomGap = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  bottomGap?: boolean;
}) {
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ ...(bottomGap ? { mb: 2 } : {}), width: { xs: '100%', sm: 340 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A row's first cell: its name, and under it its description when there is one. */
export function NameCell({ name, description }: { name: ReactNode; description?: ReactNode }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {name}
      </Typography>
      {description && (
        <Typography variant="caption" color="text.secondary" component="div">
          {description}
        </Typography>
      )}
    </>
  );
}

/** AdminPagedTable's state props from an RTK Query list result. */
export const listQueryProps = (query: { isLoading: boolean; isFetching: boolean; error?: unknown; refetch: () => unknown }) => ({
  isLoading: query.isLoading,
  isFetching: query.isFetching,
  error: query.error,
  onRetry: () => void query.refetch(),
});
