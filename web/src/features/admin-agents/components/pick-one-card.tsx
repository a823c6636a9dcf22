// A card that links the agent to one item of another area (its guidelines document, its brand). The
// options come from that area's admin list, which the agent administrator may not be allowed to read:
// then the current choice is shown read-only with a note.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AdminErrorAlert } from '../../../components/admin';

export interface PickOneCardProps {
  title: string;
  text: string;
  label: string;
  saveLabel: string;
  /** the option meaning "no link"; omitted when a choice is required */
  noneLabel?: string;
  currentId: string | null;
  currentLabel: string | null;
  options: Array<{ id: string; label: string }> | undefined;
  optionsForbidden: boolean;
  forbiddenText: string;
  emptyText?: string;
  canEdit: boolean;
  loading: boolean;
  error: unknown;
  onRetry?: () => void;
  saving: boolean;
  saveError: unknown;
  /** resolves true when saved */
  onSave: (id: string | null) => Promise<boolean>;
}

const None = '';

export function PickOneCard(props: PickOneCardProps) {
  const { options = [], currentId, canEdit, noneLabel } = props;
  const [choice, setChoice] = useState<string | null>(null);
  const current = currentId ?? None;
  const value = choice ?? current;
  const known = value === None ? noneLabel !== undefined : options.some((o) => o.id === value);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {props.text}
      </Typography>
      {!!props.error && <AdminErrorAlert error={props.error} {...(props.onRetry ? { onRetry: props.onRetry } : {})} />}
      {!!props.saveError && <AdminErrorAlert error={props.saveError} />}
      {canEdit && !props.optionsForbidden ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={props.label}
            value={known ? value : ''}
            onChange={(e) => setChoice(e.target.value)}
            sx={{ minWidth: 280 }}
            disabled={props.loading}
            helperText={!props.loading && options.length === 0 ? props.emptyText : undefined}
          >
            {noneLabel !== undefined && <MenuItem value={None}>{noneLabel}</MenuItem>}
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={value === current || props.saving || !known}
            onClick={() =>
              void props.onSave(value === None ? null : value).then((saved) => {
                if (saved) setChoice(null);
              })
            }
          >
            {props.saveLabel}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1}>
          <Typography>{props.currentLabel ?? noneLabel ?? ''}</Typography>
          {canEdit && (
            <Typography variant="caption" color="text.secondary">
              {props.forbiddenText}
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
