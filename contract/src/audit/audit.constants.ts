// Admin audit (docs/product.md §7): paths, zod-free for the browser.
export const AuditRoutes = {
  configurationChanges: '/admin/audit/configurationChanges',
  aggregateRootName: '/admin/audit/aggregateRootName',
  /** the aggregate types and domain operations present in the log, for the filters */
  configurationChangeFacets: '/admin/audit/configurationChanges/facets',
} as const;
