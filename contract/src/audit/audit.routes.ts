// Paths of the configuration audit log (docs/product.md §7), exported as AuditRoutes (see ../routes.ts).

export const configurationChanges = '/admin/audit/configurationChanges';
export const aggregateRootName = '/admin/audit/aggregateRootName';
/** the aggregate types and domain operations present in the log, for the filters */
export const configurationChangeFacets = '/admin/audit/configurationChanges/facets';
