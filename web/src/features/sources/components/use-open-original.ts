// "Open the original": the file as uploaded, fetched with the person's token (a plain link would carry none) and
// shown from a blob address. Only what a browser shows without running anything opens in a tab of its own: a PDF (in
// its viewer, at the cited page) and plain text. Anything else is downloaded under its name: a blob address belongs
// to this origin, so an HTML file opened from one would run its scripts with the person's session.
import type { SourceFile } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { downloadSourceFile } from '../api/sources.api';

const Pdf = 'application/pdf';
/** How long the blob address lives: long enough for the tab to load it, and for a reload in it soon after. */
const BlobLifetimeMs = 5 * 60_000;

/** Whether the browser shows the file in a tab of its own (else it is downloaded). */
export const opensInTab = (mimeType: string) => mimeType === Pdf || mimeType === 'text/plain';

function saveAs(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export function useOpenOriginal() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const open = async (file: Pick<SourceFile, 'fileId' | 'fileName' | 'mimeType'>, page: number | null) => {
    const inTab = opensInTab(file.mimeType);
    // the tab is opened now, while this is still the person's click: one opened after the download would be blocked
    const tab = inTab ? window.open('', '_blank') : null;
    if (tab) tab.opener = null;
    setBusy(true);
    try {
      const result = await downloadSourceFile(file.fileId);
      if (result.error) {
        tab?.close();
        enqueueSnackbar(t('sources.originalFailed'), { variant: 'error' });
        return;
      }
      // the type is the one the server read from the content; anything downloaded is plain bytes to the browser
      const blob = new Blob([result.data.blob], { type: inTab ? file.mimeType : 'application/octet-stream' });
      const url = URL.createObjectURL(blob);
      setTimeout(() => URL.revokeObjectURL(url), BlobLifetimeMs);
      if (tab) {
        tab.location.href = file.mimeType === Pdf && page !== null ? `${url}#page=${page}` : url;
        return;
      }
      saveAs(url, file.fileName);
      if (inTab) enqueueSnackbar(t('sources.popupBlocked'), { variant: 'info' });
    } finally {
      setBusy(false);
    }
  };
  return { open, busy };
}
