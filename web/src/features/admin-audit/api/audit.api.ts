// The configuration audit log: newest-first pages chained by continuationToken (an infinite query
// per filter set), the filter choices present in the log, and an aggregate's human name.
import { AuditRoutes, type AggregateRootName, type ConfigurationChangeFacets, type ConfigurationChangeList } from '@atrium/contract';
import { baseApi } from '../../../app/api/base-api';

export const AuditPageSize = 50;

export interface AuditFilters {
  type: string;
  aggregateRootId: string;
  userName: string;
  domainOperation: string;
  details: string;
  /** ISO 8601 with offset, or '' */
  timeStampFrom: string;
  timeStampTo: string;
}

const orUndefined = (v: string) => (v.trim() ? v.trim() : undefined);

export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConfigurationChanges: build.infiniteQuery<ConfigurationChangeList, AuditFilters, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.continuationToken ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: AuditRoutes.configurationChanges,
        params: {
          pageSize: AuditPageSize,
          continuationToken: pageParam || undefined,
          type: orUndefined(queryArg.type),
          aggregateRootId: orUndefined(queryArg.aggregateRootId),
          userName: orUndefined(queryArg.userName),
          domainOperation: orUndefined(queryArg.domainOperation),
          details: orUndefined(queryArg.details),
          timeStampFrom: orUndefined(queryArg.timeStampFrom),
          timeStampTo: orUndefined(queryArg.timeStampTo),
        },
      }),
      // the log only grows; a fresh visit shows the newest changes
      keepUnusedDataFor: 0,
    }),
    getAuditFacets: build.query<ConfigurationChangeFacets, void>({
      query: () => AuditRoutes.configurationChangeFacets,
    }),
    getAggregateRootName: build.query<AggregateRootName, { type: string; aggregateRootId: string }>({
      query: (params) => ({ url: AuditRoutes.aggregateRootName, params }),
    }),
  }),
});

export const { useGetConfigurationChangesInfiniteQuery, useGetAuditFacetsQuery, useGetAggregateRootNameQuery } = auditApi;
