// The file libraries an agent editor offers (GET /admin/fileLibraries: those the person may read, with their files
// counted by status). One endpoint for the admin and the personal agent editors.
import { AdminFileLibraryRoutes, type FileLibraryList } from '@atrium/contract';
import { baseApi } from '../../app/api/base-api';

export const agentLibrariesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAgentLibraryChoices: build.query<FileLibraryList, void>({ query: () => AdminFileLibraryRoutes.libraries }),
  }),
});

export const { useListAgentLibraryChoicesQuery } = agentLibrariesApi;
