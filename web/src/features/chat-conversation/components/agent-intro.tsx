// An empty conversation: the agent's introduction (server-sanitised HTML, sanitised again here) and
// its starter prompts.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConversationPrompt, DetailsForConversation } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { AgentAvatar } from '../../../components/agent-avatar/agent-avatar';
import { useSanitizedHtml } from './markdown/markdown-loader';

interface AgentIntroProps {
  details: DetailsForConversation | undefined;
  prompts: ConversationPrompt[];
  onPick: (prompt: string) => void;
}

export function AgentIntro({ details, prompts, onPick }: AgentIntroProps) {
  const { t } = useTranslation();
  // null while the sanitiser loads (it is not part of the chat route's first download)
  const intro = useSanitizedHtml(details?.gptIntroduction ?? '');
  const agent = details?.gptSystem;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, md: 8 }, maxWidth: 640, mx: 'auto' }}>
      {agent ? <AgentAvatar gptSystemId={agent.gptSystemId} name={agent.name} avatarUrl={agent.avatarUrl} size={64} /> : <Box sx={{ width: 64, height: 64 }} />}
      <Typography variant="h5" component="h1">
        {agent?.name ?? '\u00a0'}
      </Typography>
      {intro === null ? (
        <Box sx={{ minHeight: 48 }} />
      ) : intro.trim() ? (
        <Box className="agent-introduction" dir="auto" sx={{ color: 'text.secondary', '& p': { my: 0.5 } }} dangerouslySetInnerHTML={{ __html: intro }} />
      ) : (
        <Typography color="text.secondary">{t('conversation.introFallback')}</Typography>
      )}
      {prompts.length > 0 && (
        <Box>
          <Typography variant="overline" color="text.secondary">
            {t('conversation.starterPrompts')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', mt: 0.5 }}>
            {prompts.map((p) => (
              <Chip key={p.promptId} label={p.title} variant="outlined" onClick={() => onPick(p.prompt)} sx={{ maxWidth: 300 }} />
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
