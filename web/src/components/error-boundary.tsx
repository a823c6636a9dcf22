// Catches render errors anywhere below it and shows the fallback screen of docs/product.md §2.
// React still offers error boundaries only as class components.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../app/i18n/i18n';

export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Typography variant="h6" component="p" sx={{ maxWidth: 560, textAlign: 'center' }}>
        {t('system.fallbackBefore')}{' '}
        <Link component="button" variant="h6" onClick={() => window.location.reload()} sx={{ verticalAlign: 'baseline' }}>
          {t('common.reloadPage')}
        </Link>{' '}
        {t('system.fallbackAfter')}
      </Typography>
    </Box>
  );
}

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    // Navigating elsewhere gives the new page a fresh chance.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
