// Downloads the conversation as text (GET /userConversations/{id}/export) under the docs/product.md §5 file name.
import { ConversationRoutes, conversationExportFileName, pathTo } from '@atrium/contract';
import { http } from '../../../app/api/http';
import type { DownloadResult } from '../../../lib/http/http.types';

export async function exportConversation(conversationId: string, title: string): Promise<boolean> {
  const result = await http().request<DownloadResult>({ url: pathTo(ConversationRoutes.exportText, { conversationId }), responseKind: 'download' });
  if (result.error) return false;
  const url = URL.createObjectURL(result.data.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = conversationExportFileName(title);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
