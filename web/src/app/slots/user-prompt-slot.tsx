// Where the user-prompts feature plugs into the chat input without the chat feature importing it
// (features do not import each other): the button and its picker load on first render of the input,
// after the chat itself; until then a disabled button of the same size holds the place.
import BookmarkBorderOutlined from '@mui/icons-material/BookmarkBorderOutlined';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n/i18n';

export interface UserPromptSlotProps {
  /** the chat input's current text (saved as a prompt, or followed by a picked one) */
  text: string;
  disabled?: boolean;
  /** replaces the chat input's text */
  onInsert: (text: string) => void;
}

const UserPromptButton = lazy(() => import('../../features/user-prompts/components/user-prompt-button'));

export function UserPromptSlot(props: UserPromptSlotProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <IconButton disabled aria-label={t('conversation.showUserPrompts')}>
          <BookmarkBorderOutlined />
        </IconButton>
      }
    >
      <UserPromptButton {...props} />
    </Suspense>
  );
}
