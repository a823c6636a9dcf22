// Admin Connections (docs/product.md §7): provider types, connections with their deployments, and "Test
// connection" (typed settings before saving, or a saved connection). A change also refreshes what the chat
// shows of agents (their model's name), hence the Agent tag.
import {
  ConnectionRoutes,
  pathTo,
  type Connection,
  type ConnectionCreate,
  type ConnectionTest,
  type ConnectionTestResult,
  type ConnectionUpdate,
  type Deployment,
  type DeploymentCreate,
  type DeploymentUpdate,
  type ProviderDescription,
} from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

interface List<T> {
  items: T[];
  continuationToken: null;
}

export const connectionsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Connection'] }).injectEndpoints({
  endpoints: (build) => ({
    listProviders: build.query<List<ProviderDescription>, void>({ query: () => ConnectionRoutes.providers }),
    listConnections: build.query<List<Connection>, void>({ query: () => ConnectionRoutes.connections, providesTags: ['Connection'] }),
    getConnection: build.query<Connection, string>({
      query: (connectionId) => pathTo(ConnectionRoutes.connection, { connectionId }),
      providesTags: ['Connection'],
    }),
    createConnection: build.mutation<Connection, ConnectionCreate>({
      query: (body) => ({ url: ConnectionRoutes.connections, method: 'POST', body }),
      invalidatesTags: ['Connection', 'Agent'],
    }),
    updateConnection: build.mutation<Connection, { connectionId: string; body: ConnectionUpdate }>({
      query: ({ connectionId, body }) => ({ url: pathTo(ConnectionRoutes.connection, { connectionId }), method: 'PUT', body }),
      invalidatesTags: ['Connection', 'Agent'],
    }),
    deleteConnection: build.mutation<void, string>({
      query: (connectionId) => ({ url: pathTo(ConnectionRoutes.connection, { connectionId }), method: 'DELETE' }),
      invalidatesTags: ['Connection', 'Agent'],
    }),
    createDeployment: build.mutation<Deployment, { connectionId: string; body: DeploymentCreate }>({
      query: ({ connectionId, body }) => ({ url: pathTo(ConnectionRoutes.deployments, { connectionId }), method: 'POST', body }),
      invalidatesTags: ['Connection', 'Agent'],
    }),
    updateDeployment: build.mutation<Deployment, { connectionId: string; deploymentId: string; body: DeploymentUpdate }>({
      query: ({ connectionId, deploymentId, body }) => ({ url: pathTo(ConnectionRoutes.deployment, { connectionId, deploymentId }), method: 'PUT', body }),
      invalidatesTags: ['Connection', 'Agent'],
    }),
    deleteDeployment: build.mutation<void, { connectionId: string; deploymentId: string }>({
      query: ({ connectionId, deploymentId }) => ({ url: pathTo(ConnectionRoutes.deployment, { connectionId, deploymentId }), method: 'DELETE' }),
      invalidatesTags: ['Connection', 'Agent'],
    }),
    // tests change nothing: mutations, so that each press asks the server again
    testConnectionSettings: build.mutation<ConnectionTestResult, ConnectionTest>({
      query: (body) => ({ url: ConnectionRoutes.connectionTest, method: 'POST', body }),
    }),
    testSavedConnection: build.mutation<ConnectionTestResult, string>({
      query: (connectionId) => ({ url: pathTo(ConnectionRoutes.savedConnectionTest, { connectionId }), method: 'POST' }),
    }),
  }),
});

export const {
  useListProvidersQuery,
  useListConnectionsQuery,
  useGetConnectionQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useCreateDeploymentMutation,
  useUpdateDeploymentMutation,
  useDeleteDeploymentMutation,
  useTestConnectionSettingsMutation,
  useTestSavedConnectionMutation,
} = connectionsApi;
