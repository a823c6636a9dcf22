// The chat input's "show user prompt" button (docs/product.md §2 tour target): opens the picker; a pick puts
// the prompt into the input; save (the input or a new prompt), edit and delete go through dialogs.
// Loaded lazily by the chat input's slot, so the picker costs nothing until the chat has rendered.
import '../user-prompts.texts';
import BookmarkBorderOutlined from '@mui/icons-material/BookmarkBorderOutlined';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '../../../components/tooltip';
import type { UserPrompt } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import type { UserPromptSlotProps } from '../../../app/slots/user-prompt-slot';
import { useCreateUserPromptMutation, useDeleteUserPromptMutation, useGetUserPromptsQuery, useUpdateUserPromptMutation } from '../api/user-prompts.api';
import { insertPrompt } from '../utils/filter-prompts';
import { draftFor, titleFrom, UserPromptEditDialog, type PromptDraft } from './user-prompt-edit-dialog';
import { UserPromptDeleteDialog } from './user-prompt-delete-dialog';
import { UserPromptPicker } from './user-prompt-picker';

type FieldErrors = Partial<Record<'title' | 'prompt', string>>;

/** The server's 400 body names the fields it refused. */
function fieldErrorsOf(error: unknown): FieldErrors {
  const details = (error as { data?: { details?: { field: string; message: string }[] } } | undefined)?.data?.details ?? [];
  const found: FieldErrors = {};
  for (const d of details) if (d.field === 'title' || d.field === 'prompt') found[d.field] = d.message;
  return found;
}

export default function UserPromptButton({ text, disabled = false, onInsert }: UserPromptSlotProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = useGetUserPromptsQuery(undefined, { skip: anchor === null });
  const [create, creating] = useCreateUserPromptMutation();
  const [update, updating] = useUpdateUserPromptMutation();
  const [remove, removing] = useDeleteUserPromptMutation();
  const [draft, setDraft] = useState<PromptDraft | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [toDelete, setToDelete] = useState<UserPrompt | null>(null);

  const pick = (prompt: UserPrompt) => {
    setAnchor(null);
    onInsert(insertPrompt(text, prompt.prompt));
  };
  const openDraft = (next: PromptDraft) => {
    setServerErrors({});
    setDraft(next);
  };
  const save = async (next: PromptDraft) => {
    const body = { title: next.title, prompt: next.prompt };
    const result = next.promptId ? await update({ promptId: next.promptId, ...body }) : await create(body);
    if (result.error) {
      const fields = fieldErrorsOf(result.error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) enqueueSnackbar(t('userPrompts.saveFailed'), { variant: 'error' });
      return;
    }
    setDraft(null);
    enqueueSnackbar(t('userPrompts.saved'), { variant: 'success' });
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await remove(toDelete.promptId);
    setToDelete(null);
    enqueueSnackbar(result.error ? t('userPrompts.deleteFailed') : t('userPrompts.deleted'), { variant: result.error ? 'error' : 'success' });
  };

  return (
    <>
      <Tooltip title={t('userPrompts.show')}>
        <span>
          <IconButton
            data-tour="show-user-prompt"
            aria-label={t('userPrompts.show')}
            aria-haspopup="dialog"
            aria-expanded={anchor ? 'true' : undefined}
            disabled={disabled}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <BookmarkBorderOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('userPrompts.title'),
            sx: { width: { xs: 'calc(100vw - 32px)', sm: 420 }, maxHeight: 480, display: 'flex', flexDirection: 'column', mt: -1 },
          },
        }}
      >
        <UserPromptPicker
          prompts={list.data}
          loading={list.isFetching}
          failed={list.isError}
          currentText={text}
          onRetry={() => void list.refetch()}
          onPick={pick}
          onEdit={(prompt) => openDraft(draftFor(prompt))}
          onDelete={setToDelete}
          onCreate={() => openDraft({ promptId: null, title: titleFrom(text), prompt: text.trim() })}
        />
      </Popover>
      <UserPromptEditDialog
        draft={draft}
        saving={creating.isLoading || updating.isLoading}
        serverErrors={serverErrors}
        onCancel={() => setDraft(null)}
        onSave={(next) => void save(next)}
      />
      <UserPromptDeleteDialog prompt={toDelete} deleting={removing.isLoading} onCancel={() => setToDelete(null)} onConfirm={() => void confirmDelete()} />
    </>
  );
}
