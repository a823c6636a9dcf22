// Shows the notices of ./notices.ts at the bottom right (full width on phones), newest last.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../app/i18n/i18n';
import { closeSnackbar, currentNotices, holdNotice, releaseNotice, subscribeNotices } from './notices';

const enter = keyframes`
  from { opacity: 0; transform: scale(0.9); }
  to { opacity: 1; transform: none; }
`;

export function NoticeStack() {
  const { t } = useTranslation();
  const notices = useSyncExternalStore(subscribeNotices, currentNotices, currentNotices);
  if (notices.length === 0) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: { xs: 8, sm: 20 },
        right: { xs: 8, sm: 20 },
        left: { xs: 8, sm: 'auto' },
        display: 'flex',
        flexDirection: 'column',
        alignItems: { xs: 'stretch', sm: 'flex-end' },
        gap: 1,
        pointerEvents: 'none',
      }}
    >
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          data-notice={notice.variant}
          variant="filled"
          severity={notice.variant === 'default' ? 'info' : notice.variant}
          icon={notice.variant === 'default' ? false : undefined}
          onClose={() => closeSnackbar(notice.id)}
          closeText={t('common.close')}
          onMouseEnter={() => holdNotice(notice.id)}
          onMouseLeave={() => releaseNotice(notice.id)}
          onFocus={() => holdNotice(notice.id)}
          onBlur={() => releaseNotice(notice.id)}
          sx={{ pointerEvents: 'auto', minWidth: { sm: 288 }, maxWidth: { sm: 560 }, boxShadow: 6, animation: `${enter} 150ms ease-out` }}
        >
          {notice.message}
        </Alert>
      ))}
    </Box>
  );
}
