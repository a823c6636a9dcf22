// Admin users (docs/product.md §7 "admin users (filter by emailAddress), add and remove user roles"): the
// local-password policy and field limits, zod-free so that the browser shares them.

/** Local passwords: long beats complex (NIST SP 800-63B); the same bound as ADMIN_PASSWORD. */
export const PasswordMinLength = 12;
export const PasswordMaxLength = 256;
export const DisplayNameMaxLength = 150;
export const EmailMaxLength = 254;
