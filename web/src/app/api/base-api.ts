// The RTK Query API slice. Features add their endpoints with injectEndpoints (one file each).
import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from '../../lib/http/base-query';
import { http } from './http';

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(http),
  tagTypes: ['CurrentUser', 'InstanceSettings', 'Brand', 'Features', 'Conversation', 'Agent', 'PublicEndpointDetails'],
  endpoints: () => ({}),
});
