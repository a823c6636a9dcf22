// An empty public conversation: the agent, its introduction (server-sanitised HTML, sanitised again here) and its
// starter prompts.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicEndpointDetails } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { useSanitizedHtml } from '../../../app/slots/chat-parts';
import { AgentAvatar } from '../../../components/agent-avatar/agent-avatar';

export function VisitorIntro({ details, onPick }: { details: PublicEndpointDetails; onPick: (prompt: string) => void }) {
  const { t } = useTranslation();
  const intro = useSanitizedHtml(details.introduction);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 3, md: 6 }, maxWidth: 640, mx: 'auto' }}>
      <AgentAvatar gptSystemId={details.gptSystemId} name={details.name} avatarUrl={details.avatarUrl} size={64} />
      <Typography variant="h5" component="h1">
        {details.name}
      </Typography>
      {intro === null ? (
        <Box sx={{ minHeight: 48 }} />
      ) : intro.trim() ? (
        <Box className="agent-introduction" dir="auto" sx={{ color: 'text.secondary', '& p': { my: 0.5 } }} dangerouslySetInnerHTML={{ __html: intro }} />
      ) : (
        <Typography color="text.secondary">{details.description || t('publicChat.introFallback')}</Typography>
      )}
      {details.starterPrompts.length > 0 && (
        <Box>
          <Typography variant="overline" color="text.secondary">
            {t('publicChat.starterPrompts')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', mt: 0.5 }}>
            {details.starterPrompts.map((p) => (
              <Chip key={p.title + p.prompt} label={p.title} variant="outlined" onClick={() => onPick(p.prompt)} sx={{ maxWidth: 300 }} />
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
