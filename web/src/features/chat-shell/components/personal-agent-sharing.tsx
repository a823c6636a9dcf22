// Sharing a personal agent on its edit page: the emails of the people who may use it, and the list of who has it.
// An email waits as a pending invitation until its person next signs in (the server never says whether an email
// has an account), so an invitation shows as such, apart from the people who have the agent; either can be removed.
import '../personal-agents-texts';
import Close from '@mui/icons-material/Close';
import PersonOutline from '@mui/icons-material/PersonOutline';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '../../../components/tooltip';
import Typography from '@mui/material/Typography';
import type { ManagedAgent } from '@atrium/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

export interface PersonalAgentSharingProps {
  agent: Pick<ManagedAgent, 'sharedWith' | 'pendingInvitations'> | undefined;
  disabled: boolean;
  /** saves the whole list of emails; resolves true once saved */
  onShare: (emails: string[]) => Promise<boolean>;
  /** why the last list was refused, shown at the field (in the browser before sending, or by the server) */
  error?: string | null;
}

const emailsIn = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

export function PersonalAgentSharing({ agent, disabled, onShare, error }: PersonalAgentSharingProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const shared = agent?.sharedWith ?? [];
  const pending = agent?.pendingInvitations ?? [];
  const everyone = [...shared.map((s) => s.email), ...pending.map((i) => i.email)];
  const text = typed ?? everyone.join(', ');

  const share = async (emails: string[]) => {
    if (await onShare(emails)) setTyped(null);
  };
  const without = (email: string) => everyone.filter((e) => e.toLowerCase() !== email.toLowerCase());

  const row = (key: string, chip: ReactNode, name: string, email: string) => (
    <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {chip}
      <Tooltip title={t('personalAgents.removeShare', { name })}>
        <span>
          <IconButton size="small" aria-label={t('personalAgents.removeShare', { name })} disabled={disabled} onClick={() => void share(without(email))}>
            <Close fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          label={t('personalAgents.shareWith')}
          value={text}
          onChange={(e) => setTyped(e.target.value)}
          error={!!error}
          helperText={error ?? t('personalAgents.shareHelp')}
          fullWidth
          size="small"
        />
        <Button variant="outlined" onClick={() => void share(emailsIn(text))} disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
          {t('personalAgents.share')}
        </Button>
      </Stack>
      {everyone.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('personalAgents.notShared')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('personalAgents.sharedList')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
          {shared.map((s) =>
            row(s.userId, <Chip icon={<PersonOutline />} label={s.displayName || s.email} title={s.email} size="small" />, s.displayName || s.email, s.email),
          )}
          {pending.map((i) =>
            row(
              `invitation:${i.email}`,
              <Chip
                icon={<ScheduleOutlined />}
                variant="outlined"
                label={t('personalAgents.invitationPending', { email: i.email })}
                title={t('personalAgents.invitationHelp')}
                size="small"
                sx={{ borderStyle: 'dashed' }}
              />,
              i.email,
              i.email,
            ),
          )}
        </Box>
      )}
    </>
  );
}
