// A file the code interpreter made, downloaded when its link in an answer is clicked: fetched with the person's token
// (a plain link would carry none) and saved under its name as plain bytes, so that nothing it holds runs on this
// origin. Loaded on the first click (markdown-view.tsx), not with the chat.
import { ApiBase } from '@atrium/contract';
import { enqueueSnackbar } from 'notistack';
import { http } from '../../../../app/api/http';
import { t } from '../../../../app/i18n/i18n';
import type { DownloadResult } from '../../../../lib/http/http.types';

export async function downloadCodeFile(href: string, fileName: string): Promise<void> {
  const path = new URL(href, window.location.href).pathname.slice(ApiBase.length);
  const result = await http().request<DownloadResult>({ url: path, responseKind: 'download' });
  if (result.error) {
    enqueueSnackbar(t('conversation.codeFileFailed'), { variant: 'error' });
    return;
  }
  const url = URL.createObjectURL(new Blob([result.data.blob], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
