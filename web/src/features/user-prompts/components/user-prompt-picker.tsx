// The picker's body: search, the list (pick, edit, delete) and its loading, empty and error states.
// Presentational: the button that opens it owns the data and the dialogs.
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import type { UserPrompt } from '@atrium/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { filterPrompts } from '../utils/filter-prompts';

export interface UserPromptPickerProps {
  prompts: readonly UserPrompt[] | undefined;
  loading: boolean;
  failed: boolean;
  /** the chat input's text: saving it is offered only when there is some */
  currentText: string;
  onRetry: () => void;
  onPick: (prompt: UserPrompt) => void;
  onEdit: (prompt: UserPrompt) => void;
  onDelete: (prompt: UserPrompt) => void;
  onCreate: () => void;
}

export function UserPromptPicker({ prompts, loading, failed, currentText, onRetry, onPick, onEdit, onDelete, onCreate }: UserPromptPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterPrompts(prompts ?? [], search), [prompts, search]);
  const hasInput = currentText.trim() !== '';

  let body;
  if (loading && !prompts) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress size={28} aria-label={t('common.loading')} />
      </Box>
    );
  } else if (failed && !prompts) {
    body = (
      <Alert
        severity="error"
        sx={{ m: 1.5 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('userPrompts.retry')}
          </Button>
        }
      >
        {t('userPrompts.loadFailed')}
      </Alert>
    );
  } else if (shown.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
        {prompts && prompts.length > 0 ? t('userPrompts.noMatch') : t('userPrompts.empty')}
      </Typography>
    );
  } else {
    body = (
      <List dense aria-label={t('userPrompts.title')} sx={{ overflowY: 'auto', maxHeight: 320, py: 0 }}>
        {shown.map((prompt) => (
          <ListItem
            key={prompt.promptId}
            disablePadding
            secondaryAction={
              <Box sx={{ display: 'flex' }}>
                <IconButton size="small" aria-label={t('userPrompts.edit', { title: prompt.title })} onClick={() => onEdit(prompt)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={t('userPrompts.delete', { title: prompt.title })} onClick={() => onDelete(prompt)}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Box>
            }
            sx={{ '& .MuiListItemSecondaryAction-root': { right: 8 } }}
          >
            <ListItemButton onClick={() => onPick(prompt)} aria-label={t('userPrompts.insert', { title: prompt.title })} sx={{ pr: 11 }}>
              <ListItemText primary={prompt.title} secondary={prompt.prompt} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {t('userPrompts.title')}
        </Typography>
        <Button size="small" onClick={onCreate}>
          {hasInput ? t('userPrompts.saveCurrent') : t('userPrompts.new')}
        </Button>
      </Box>
      <Box sx={{ px: 2, pb: 1 }}>
        <OutlinedInput
          size="small"
          fullWidth
          autoFocus
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('userPrompts.search')}
          inputProps={{ 'aria-label': t('userPrompts.search') }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
        />
      </Box>
      {body}
    </Box>
  );
}
