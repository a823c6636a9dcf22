import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../../../app/i18n/i18n';

const MicrosoftMark = () => (
  <svg width="18" height="18" viewBox="0 0 21 21" aria-hidden="true">
    <rect x="1" y="1" width="9" height="9" fill="#f25022" />
    <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
    <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
    <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
  </svg>
);

export function SsoSignInButton({ pending, onClick }: { pending: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outlined"
      color="inherit"
      size="large"
      fullWidth
      onClick={onClick}
      disabled={pending}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" /> : <MicrosoftMark />}
      sx={{ borderColor: 'divider', bgcolor: 'background.paper', color: 'text.primary' }}
    >
      {t('auth.signInWithMicrosoft')}
    </Button>
  );
}
