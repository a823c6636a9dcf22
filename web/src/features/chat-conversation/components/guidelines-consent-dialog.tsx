// docs/product.md §4 "Guidelines consent is recorded once per document id": the agent's guidelines document,
// shown as sanitised markdown, with I accept / Cancel, before the first question to that agent.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { UserGuidelinesDocument } from '@atrium/contract';
import { useId } from 'react';
import { addTexts, useTranslation } from '../../../app/i18n/i18n';
import texts from './guidelines-consent.texts.json';
import { MarkdownView } from './markdown/markdown-view';

addTexts(texts);

export interface GuidelinesConsentDialogProps {
  document: UserGuidelinesDocument | null;
  agentName: string;
  busy: boolean;
  error: string | null;
  onAccept: () => void;
  onCancel: () => void;
}

export function GuidelinesConsentDialog({ document, agentName, busy, error, onAccept, onCancel }: GuidelinesConsentDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={document !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogTitle id={titleId}>{document?.documentTitle}</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('guidelinesConsent.intro', { agent: agentName })}
        </Typography>
        {document?.sections.map((s) => (
          <section key={s.documentSectionId} aria-label={s.title || undefined}>
            {/* a public endpoint's guidelines come as one text without a section title */}
            {s.title && (
              <Typography variant="h6" component="h3" sx={{ mt: 2, mb: 1 }}>
                {s.title}
              </Typography>
            )}
            <MarkdownView text={s.content} />
          </section>
        ))}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('guidelinesConsent.cancel')}
        </Button>
        <Button variant="contained" onClick={onAccept} disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
          {t('guidelinesConsent.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
