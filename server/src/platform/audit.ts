// The configuration audit trail (docs/architecture.md "Audit"): every administrative change writes one row, in the
// same transaction as the change, with the aggregate, the operation, who did it and before/after details.
// Modules call recordAudit with their transaction handle; the audit module only reads the table.
import { auditLog } from '../db/schema/index.js';
import type { Db } from '../db/client.js';

/** The transaction handle drizzle passes to db.transaction callbacks, or the db itself. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditActor {
  userId: string | null;
  userName: string | null;
}

export interface AuditRecord {
  /** the aggregate root's type, e.g. 'Brand', 'UserRole', 'GptSystem', 'ChatAccessPolicy' */
  aggregateType: string;
  aggregateId: string;
  /** what happened, e.g. 'Created', 'Updated', 'Deleted', 'Published', 'RoleAdded' */
  domainOperation: string;
  actor: AuditActor;
  before?: unknown;
  after?: unknown;
}

const SecretKeys = /(password|secret|apikey|api_key|accesstoken|refreshtoken|sealed)/i;

/** Secrets never reach the audit trail: values under secret-looking keys become a marker. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SecretKeys.test(k) && (typeof v === 'string' || v instanceof Uint8Array) ? (v ? '(set)' : '') : redactSecrets(v);
    }
    return out;
  }
  return value;
}

export async function recordAudit(db: DbOrTx, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    aggregateType: record.aggregateType,
    aggregateId: record.aggregateId,
    domainOperation: record.domainOperation,
    userId: record.actor.userId,
    userName: record.actor.userName,
    details: {
      ...(record.before === undefined ? {} : { before: redactSecrets(record.before) }),
      ...(record.after === undefined ? {} : { after: redactSecrets(record.after) }),
    },
  });
}
