// What other modules read of the audit trail: the details of the newest row of an aggregate (the retention sweep
// keeps its record of each run there).
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';

/** The `after` details of the aggregate's newest audit row, or undefined when it has none. */
export async function latestAuditAfter({ db }: DbContext, aggregateType: string, aggregateId: string): Promise<unknown> {
  const [row] = await db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.aggregateId, aggregateId), eq(auditLog.aggregateType, aggregateType)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row?.details.after;
}
