// Paths of Admin chatAccessPolicies (docs/product.md §7) and the directory group lookup, exported as
// ChatAccessPolicyRoutes (see ../routes.ts).

export const policies = '/admin/chatAccessPolicies';
export const policy = '/admin/chatAccessPolicies/:chatAccessPolicyId';
/** agents, roles and (by search) users a policy may name, for the admin pickers */
export const options = '/admin/chatAccessPolicies/options';
export const directoryGroups = '/admin/directory/groups';
