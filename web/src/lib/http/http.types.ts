// Shapes of the generic fetch client: what a call asks for and what it answers (docs/product.md §7 error kinds).
import type { ErrorBody } from '@atrium/contract';
import type { UploadProgress } from './xhr-send';

/** 'stream': the response body unread (server-sent events); the caller reads and cancels it. */
export type ResponseKind = 'json' | 'text' | 'download' | 'stream';

export interface RequestArgs {
  /** Path under the API base, e.g. /InstanceSettings, or an absolute URL. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, string | number | boolean | null | undefined>;
  /** JSON-serialised unless it is FormData, Blob or a string. */
  body?: unknown;
  headers?: Record<string, string>;
  responseKind?: ResponseKind;
  /** Milliseconds; 0 disables the timeout. */
  timeout?: number;
  signal?: AbortSignal;
  /** Send cookies (the refresh cookie of local sign-in). */
  withCredentials?: boolean;
  /** Calls that obtain tokens must not trigger token regeneration themselves. */
  skipTokenRenewal?: boolean;
  /** Reports how much of the body has gone out; the call then goes through XMLHttpRequest (xhr-send.ts). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface DownloadResult {
  blob: Blob;
  fileName: string | null;
}

export type HttpError =
  | { status: number; data: unknown }
  | { status: 'FETCH_ERROR'; data?: undefined; error: string }
  | { status: 'TIMEOUT_ERROR'; data?: undefined; error: string }
  | { status: 'PARSING_ERROR'; originalStatus: number; data: string; error: string };

export interface HttpMeta {
  request: Request;
  response?: Response;
  requestId: string;
}

export type HttpResult<T = unknown> = { data: T; error?: undefined; meta: HttpMeta } | { data?: undefined; error: HttpError; meta?: HttpMeta };

/** The server's error body when the failure carries one. */
export const errorBodyOf = (error: HttpError | undefined): ErrorBody | null => {
  const data = error?.data;
  if (data && typeof data === 'object' && 'message' in data && typeof (data as ErrorBody).message === 'string') {
    return data as ErrorBody;
  }
  return null;
};
