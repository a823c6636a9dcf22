// Counts of the /admin index for areas whose modules register none themselves (agents, brands), read
// through those modules' services. Registered after every module, so a module's own counter wins.
import type { AppContext } from '../../platform/context.js';
import { hasOverviewCounter, registerOverviewCounter } from '../../platform/admin-overview.js';
import { systemAgentNames } from '../agents/agents.lookup.js';
import { listAdminBrands } from '../brands/brands.admin.service.js';

export function registerFallbackOverviewCounters(ctx: AppContext): void {
  if (!hasOverviewCounter('agents')) {
    registerOverviewCounter({
      key: 'agents',
      // not the …Specific actions: a scoped admin should not learn how many agents exist
      anyOf: ['GptSystemsCreate', 'GptSystemsWrite'],
      count: async (db) => ({ count: (await systemAgentNames(db)).length }),
    });
  }
  if (!hasOverviewCounter('brands')) {
    registerOverviewCounter({
      key: 'brands',
      anyOf: ['BrandsRead', 'BrandsCreate', 'BrandsWrite'],
      count: async (db) => ({ count: (await listAdminBrands({ ...ctx, db })).items.length }),
    });
  }
}
