// RTK Query adapter over the generic fetch client.
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { HttpClient } from './http-client';
import type { HttpError, HttpMeta, RequestArgs } from './http.types';

export const createBaseQuery =
  (client: () => HttpClient): BaseQueryFn<RequestArgs | string, unknown, HttpError, object, HttpMeta> =>
  async (args, api) => {
    const request: RequestArgs = typeof args === 'string' ? { url: args } : args;
    const result = await client().request({ ...request, signal: api.signal });
    return result.error ? { error: result.error, meta: result.meta } : { data: result.data, meta: result.meta };
  };
