// Save a new prompt (prefilled with the chat input) or edit one: a title and the text, with the
// contract's limits checked before the call and the server's field messages shown when it refuses.
import { UserPromptTextMax, UserPromptTitleMax, type UserPrompt } from '@atrium/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

export interface PromptDraft {
  /** null for a new prompt */
  promptId: string | null;
  title: string;
  prompt: string;
}

export const draftFor = (prompt: UserPrompt): PromptDraft => ({ promptId: prompt.promptId, title: prompt.title, prompt: prompt.prompt });

/** A title proposal for a new prompt: its first line, cut at a word. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  if (line.length <= 60) return line;
  const cut = line.slice(0, 60);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 30 ? cut.lastIndexOf(' ') : 60)}…`;
}

type Errors = Partial<Record<'title' | 'prompt', string>>;

type ValidationText = 'userPrompts.titleRequired' | 'userPrompts.titleTooLong' | 'userPrompts.promptRequired' | 'userPrompts.promptTooLong';

export function validateDraft(draft: PromptDraft, t: (key: ValidationText, options?: { max: number }) => string): Errors {
  const errors: Errors = {};
  const title = draft.title.trim();
  const prompt = draft.prompt.trim();
  if (!title) errors.title = t('userPrompts.titleRequired');
  else if (title.length > UserPromptTitleMax) errors.title = t('userPrompts.titleTooLong', { max: UserPromptTitleMax });
  if (!prompt) errors.prompt = t('userPrompts.promptRequired');
  else if (prompt.length > UserPromptTextMax) errors.prompt = t('userPrompts.promptTooLong', { max: UserPromptTextMax });
  return errors;
}

interface Props {
  draft: PromptDraft | null;
  saving: boolean;
  /** field messages from a refused save */
  serverErrors: Errors;
  onCancel: () => void;
  onSave: (draft: PromptDraft) => void;
}

export function UserPromptEditDialog({ draft, ...rest }: Props) {
  // a fresh form per opened draft
  return (
    <Dialog open={draft !== null} onClose={rest.onCancel} aria-labelledby="user-prompt-edit-title" maxWidth="sm" fullWidth>
      {draft && <DraftForm key={draft.promptId ?? 'new'} initial={draft} {...rest} />}
    </Dialog>
  );
}

function DraftForm({ initial, saving, serverErrors, onCancel, onSave }: Omit<Props, 'draft'> & { initial: PromptDraft }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const shown = { ...serverErrors, ...errors };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft, t);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave({ ...draft, title: draft.title.trim(), prompt: draft.prompt.trim() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="user-prompt-edit-title">{initial.promptId ? t('userPrompts.editTitle') : t('userPrompts.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('userPrompts.fieldTitle')}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            error={!!shown.title}
            helperText={shown.title}
            required
            autoFocus
            fullWidth
          />
          <TextField
            label={t('userPrompts.fieldPrompt')}
            value={draft.prompt}
            onChange={(e) => setDraft({ ...draft, prompt: e.target.value })}
            error={!!shown.prompt}
            helperText={shown.prompt}
            required
            multiline
            minRows={4}
            maxRows={14}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('userPrompts.cancel')}</Button>
        <Button type="submit" variant="contained" loading={saving}>
          {t('userPrompts.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
