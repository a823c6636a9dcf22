// A personal agent's own files (docs/wire-protocol.md: attachments of type FileSearch in the GptSystem context): each
// is uploaded on its own, and the draft names them in its `attachments`; saving the agent reads them into its library.
import { UploadRoutes, type Attachment } from '@atrium/contract';
import { http } from '../../../app/api/http';
import { errorBodyOf } from '../../../lib/http/http.types';

export type AgentFileUpload = { ok: true; attachment: Attachment } | { ok: false; message: string | null };

export async function uploadAgentFile(file: File, signal?: AbortSignal): Promise<AgentFileUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  // no client timeout: a large file on a slow link takes what it takes, the server's limits decide
  const r = await http().request<Attachment>({
    url: UploadRoutes.attachments,
    method: 'POST',
    params: { attachmentType: 'FileSearch', context: 'GptSystem' },
    body,
    timeout: 0,
    signal,
  });
  return r.error ? { ok: false, message: errorBodyOf(r.error)?.message ?? null } : { ok: true, attachment: r.data };
}
