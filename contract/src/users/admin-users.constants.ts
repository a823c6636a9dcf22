// Admin users (docs/product.md §7 "admin users (filter by emailAddress), add and remove user roles"): the
// local-password policy and field limits, zod-free so that the browser shares them.

/** Local passwords: long beats complex (NIST SP 800-63B); the same bound as ADMIN_PASSWORD. */
export const PasswordMinLength = 12;
export const PasswordMaxLength = 256;
export const DisplayNameMaxLength = 150;
export const EmailMaxLength = 254;

/** The email addresses a local user may have (zod's email rule, here so that the browser's form checks the same). */
// eslint-disable-next-line no-useless-escape -- zod's pattern character for character (admin-users.constants.test.ts)
export const EmailPattern = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Whether the server takes this as a local user's email address (trimmed and lower-cased, as it stores it). */
export function isEmailAddress(value: string): boolean {
  const email = value.trim().toLowerCase();
  return email.length <= EmailMaxLength && EmailPattern.test(email);
}
