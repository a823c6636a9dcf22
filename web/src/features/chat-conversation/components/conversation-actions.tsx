// The conversation's own actions: export to .txt and copy as text.
import ContentCopy from '@mui/icons-material/ContentCopy';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '../../../components/tooltip';
import { useTranslation } from '../../../app/i18n/i18n';

export function ConversationActions({ onExport, onCopy }: { onExport: () => void; onCopy: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" role="group" aria-label={t('conversation.conversationActions')}>
      <Tooltip title={t('conversation.export')}>
        <IconButton aria-label={t('conversation.export')} onClick={onExport}>
          <FileDownloadOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('conversation.copyConversation')}>
        <IconButton aria-label={t('conversation.copyConversation')} onClick={onCopy}>
          <ContentCopy />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
