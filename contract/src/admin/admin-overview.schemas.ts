// GET /admin/overview: the counts of the /admin index page, only those the caller may read.
import { z } from 'zod';

export const AdminOverviewSchema = z.object({
  items: z.array(
    z.object({
      /** the admin area (AdminNavKey), e.g. users, userRoles, audit */
      key: z.string(),
      count: z.number().int(),
      /** area-specific break-down, e.g. {active, inactive} for users */
      detail: z.record(z.string(), z.number()).optional(),
    }),
  ),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
