// Uploads of the chat input: images (vision) and files (attachments), and images read back as base64.
import { UploadRoutes, pathTo, type Attachment, type VisionImage, type VisionImageBase64 } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';
import { http } from '../../../app/api/http';
import { errorBodyOf, type HttpError } from '../../../lib/http/http.types';
import type { UploadProgress } from '../../../lib/http/xhr-send';

export const uploadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** an image or its thumbnail by the blob file name the upload returned; they never change */
    getVisionImageBase64: build.query<VisionImageBase64, { visionImageId: string; blobFileName: string }>({
      query: ({ visionImageId, blobFileName }) => pathTo(UploadRoutes.visionImageBase64, { visionImageId, blobFileName }),
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useGetVisionImageBase64Query } = uploadsApi;

export type UploadResult<T> = { ok: true; data: T } | { ok: false; status: number | string; message: string | null };

const form = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
};

const failure = (error: HttpError): UploadResult<never> => ({ ok: false, status: error.status, message: errorBodyOf(error)?.message ?? null });

export interface UploadOptions {
  signal?: AbortSignal;
  /** bytes of the file sent so far; the call then reports progress (through XMLHttpRequest) */
  onProgress?: (progress: UploadProgress) => void;
}

// Uploads can take a while on a slow link: no client timeout, the server's limits decide.
export async function uploadVisionImage(file: File, { signal, onProgress }: UploadOptions = {}): Promise<UploadResult<VisionImage>> {
  const r = await http().request<VisionImage>({
    url: UploadRoutes.visionImages,
    method: 'POST',
    body: form(file),
    timeout: 0,
    signal,
    onUploadProgress: onProgress,
  });
  return r.error ? failure(r.error) : { ok: true, data: r.data };
}

export async function uploadAttachment(file: File, { signal, onProgress }: UploadOptions = {}): Promise<UploadResult<Attachment>> {
  const r = await http().request<Attachment>({
    url: UploadRoutes.attachments,
    method: 'POST',
    params: { attachmentType: 'FileSearch', context: 'Conversation' },
    body: form(file),
    timeout: 0,
    signal,
    onUploadProgress: onProgress,
  });
  return r.error ? failure(r.error) : { ok: true, data: r.data };
}
