// A library's uploads (POST …/files, one file per request so that each reports its own progress and a refused file
// refuses only itself), downloads of a file as it was uploaded (GET …/files/{fileId}/Download) and its figures' images
// (GET …/figures/{index}, which need the bearer token an <img> cannot send).
import { AdminFileLibraryRoutes, pathTo, type LibraryFileUploadResult } from '@atrium/contract';
import { http } from '../../../app/api/http';
import { errorBodyOf, type DownloadResult } from '../../../lib/http/http.types';
import type { UploadProgress } from '../../../lib/http/xhr-send';

export type LibraryUploadResult =
  { ok: true; data: LibraryFileUploadResult } | { ok: false; status: number | string; message: string | null; aborted: boolean };

/**
 * Uploads one file with its progress. No client timeout: on a slow link the server's limits decide. `metadata` (keys
 * to text values) goes as the part `metadata`, JSON, which the server gives the file; none is sent when it is empty.
 */
export async function uploadLibraryFile(
  dataSourceId: string,
  file: File,
  options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void; metadata?: Record<string, string> } = {},
): Promise<LibraryUploadResult> {
  const body = new FormData();
  if (options.metadata && Object.keys(options.metadata).length > 0) body.append('metadata', JSON.stringify(options.metadata));
  body.append('file', file, file.name);
  const r = await http().request<LibraryFileUploadResult>({
    url: pathTo(AdminFileLibraryRoutes.files, { dataSourceId }),
    method: 'POST',
    body,
    timeout: 0,
    signal: options.signal,
    onUploadProgress: options.onProgress ?? (() => undefined),
  });
  if (!r.error) return { ok: true, data: r.data };
  return { ok: false, status: r.error.status, message: errorBodyOf(r.error)?.message ?? null, aborted: options.signal?.aborted ?? false };
}

/** One of a file's figures (GET …/figures/{index}) as an image blob, with the bearer token; null when it could not be fetched. */
export async function fetchLibraryFigure(ref: { dataSourceId: string; fileId: string; index: number }, signal?: AbortSignal): Promise<Blob | null> {
  const result = await http().request<DownloadResult>({
    url: pathTo(AdminFileLibraryRoutes.fileFigure, { dataSourceId: ref.dataSourceId, fileId: ref.fileId, index: String(ref.index) }),
    responseKind: 'download',
    signal,
  });
  const blob = result.data?.blob;
  return blob && blob.type.startsWith('image/') ? blob : null;
}

/** Saves the file as uploaded under its name; false when it could not be fetched. */
export async function downloadLibraryFile(dataSourceId: string, fileId: string, fileName: string): Promise<boolean> {
  const result = await http().request<DownloadResult>({
    url: pathTo(AdminFileLibraryRoutes.fileDownload, { dataSourceId, fileId }),
    responseKind: 'download',
    timeout: 0,
  });
  if (result.error) return false;
  const url = URL.createObjectURL(result.data.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = result.data.fileName ?? fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
