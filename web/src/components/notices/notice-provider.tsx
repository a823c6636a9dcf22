// The app's notices ("Agent pinned", "Failed to pin agent", ...) through notistack, set to the
// specification's numbers: at most five on screen, a repeat of one already showing is not added, each
// goes after 3 s (not while the pointer rests on it), bottom right (full width on phones). Each notice is
// drawn as a filled MUI Alert so that it wears the brand's theme; callers use notistack's
// `useSnackbar().enqueueSnackbar(message, { variant })`.
import Alert from '@mui/material/Alert';
import { closeSnackbar, type CustomContentProps, SnackbarContent, SnackbarProvider } from 'notistack';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n/i18n';

export const MaxNotices = 5;
export const NoticeDurationMs = 3000;

const NoticeAlert = forwardRef<HTMLDivElement, CustomContentProps>(function NoticeAlert({ id, message, variant }, ref) {
  const { t } = useTranslation();
  return (
    <SnackbarContent ref={ref}>
      <Alert
        data-notice={variant}
        variant="filled"
        severity={variant === 'default' ? 'info' : variant}
        icon={variant === 'default' ? false : undefined}
        onClose={() => closeSnackbar(id)}
        closeText={t('common.close')}
        sx={{ width: '100%', minWidth: { sm: 288 }, maxWidth: { sm: 560 }, boxShadow: 6 }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});

const components = { default: NoticeAlert, success: NoticeAlert, error: NoticeAlert, warning: NoticeAlert, info: NoticeAlert };

export function NoticeProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={MaxNotices}
      preventDuplicate
      autoHideDuration={NoticeDurationMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={components}
    >
      {children}
    </SnackbarProvider>
  );
}
