// Queries of the connections module: the connections and deployments tables, the audit rows of their
// changes, and the System agent's deployment when the first start configures a model.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { connections, deployments } from '../../db/schema/index.js';

export type ConnectionRow = typeof connections.$inferSelect;
export type DeploymentRow = typeof deployments.$inferSelect;
export type NewConnectionRow = typeof connections.$inferInsert;
export type NewDeploymentRow = typeof deployments.$inferInsert;

export async function listConnectionRows(db: Db): Promise<ConnectionRow[]> {
  return db.select().from(connections).orderBy(asc(connections.createdAt), asc(connections.id));
}

export async function findConnectionRow(db: Db, id: string): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id));
  return row ?? null;
}

export async function insertConnectionRow(db: Db, values: NewConnectionRow): Promise<ConnectionRow> {
  const [row] = await db.insert(connections).values(values).returning();
  return row!;
}

export async function updateConnectionRow(db: Db, id: string, values: Partial<NewConnectionRow>): Promise<ConnectionRow> {
  const [row] = await db
    .update(connections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(connections.id, id))
    .returning();
  return row!;
}

export async function deleteConnectionRow(db: Db, id: string): Promise<void> {
  await db.delete(connections).where(eq(connections.id, id));
}

/** A connection of this provider created from the environment; `endpoint`: only one at it, `notEndpoint`: none at it. */
export async function findEnvironmentConnection(
  db: Db,
  providerType: string,
  where: { endpoint?: string; notEndpoint?: string } = {},
): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.providerType, providerType),
        eq(connections.createdFromEnvironment, true),
        where.endpoint === undefined ? undefined : sql`rtrim(${connections.endpoint}, '/') = ${where.endpoint}`,
        where.notEndpoint === undefined ? undefined : sql`rtrim(coalesce(${connections.endpoint}, ''), '/') <> ${where.notEndpoint}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether any deployment (enabled or not) is of this kind. */
export async function deploymentKindExists(db: Db, kind: string): Promise<boolean> {
  const [row] = await db.select({ id: deployments.id }).from(deployments).where(eq(deployments.kind, kind)).limit(1);
  return !!row;
}

export async function listDeploymentRows(db: Db, connectionIds: string[]): Promise<DeploymentRow[]> {
  if (connectionIds.length === 0) return [];
  return db.select().from(deployments).where(inArray(deployments.connectionId, connectionIds)).orderBy(asc(deployments.createdAt), asc(deployments.name));
}

export async function findDeploymentRow(db: Db, connectionId: string, deploymentId: string): Promise<DeploymentRow | null> {
  const [row] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.id, deploymentId), eq(deployments.connectionId, connectionId)));
  return row ?? null;
}

/** Names are unique without regard to case; `exceptId` skips the deployment being renamed. */
export async function deploymentNameTaken(db: Db, name: string, exceptId: string | null = null): Promise<boolean> {
  const [row] = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(sql`lower(${deployments.name}) = lower(${name})`, exceptId ? ne(deployments.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** The default of a kind: the instance's chat default, or the image deployment agents draw with. */
export async function findDefaultDeploymentRow(db: Db, kind: string = 'Chat'): Promise<DeploymentRow | null> {
  const [row] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.isDefault, true), eq(deployments.kind, kind)))
    .limit(1);
  return row ?? null;
}

export async function clearDefaultDeployment(db: Db, kind: string = 'Chat'): Promise<void> {
  await db
    .update(deployments)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(deployments.isDefault, true), eq(deployments.kind, kind)));
}

export async function insertDeploymentRow(db: Db, values: NewDeploymentRow): Promise<DeploymentRow> {
  const [row] = await db.insert(deployments).values(values).returning();
  return row!;
}

export async function updateDeploymentRow(db: Db, id: string, values: Partial<NewDeploymentRow>): Promise<DeploymentRow> {
  const [row] = await db
    .update(deployments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(deployments.id, id))
    .returning();
  return row!;
}

export async function deleteDeploymentRow(db: Db, id: string): Promise<void> {
  await db.delete(deployments).where(eq(deployments.id, id));
}

/** Enabled deployments of a kind with their connection: what the model registry answers (or draws) with. */
export async function listEnabledDeploymentsWithConnection(db: Db, kind: string): Promise<{ deployment: DeploymentRow; connection: ConnectionRow }[]> {
  return db
    .select({ deployment: deployments, connection: connections })
    .from(deployments)
    .innerJoin(connections, eq(connections.id, deployments.connectionId))
    .where(and(eq(deployments.enabled, true), eq(deployments.kind, kind)))
    .orderBy(sql`${deployments.isDefault} desc`, asc(deployments.displayName), asc(deployments.name));
}
