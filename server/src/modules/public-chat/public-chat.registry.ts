// The registry of public endpoints (docs/public-chat.md): one row per agent whose published configuration has a
// publicEndpointConfiguration, written in the transaction that publishes it (the agents module calls
// syncPublicEndpoint from its publishing), so that a name is held by one agent only and a refusal publishes nothing.
import { eq } from 'drizzle-orm';
import { PublicEndpointConfigurationSchema, type PublicEndpointConfiguration } from '@atrium/contract';
import { publicEndpoints, type PublicEndpointRow } from '../../db/schema/index.js';
import type { DbOrTx } from '../../platform/audit.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { ttlCache } from '../../platform/ttl-cache.js';
import type { CacheContext, CachedContext } from '../../platform/caches.js';
import { personalPublicEndpointsAllowed } from '../instance/instance.service.js';
import { requireIdentitySecret } from './public-chat.identity.js';

export const EndpointField = 'config.publicEndpointConfiguration.endpointName';
export const EndpointNameTaken = 'This endpoint name is taken';
export const PersonalEndpointsOff =
  'Personal agents cannot have a public endpoint on this instance: an administrator may allow it in the instance settings (allowPersonalPublicEndpoints).';

/** The configuration's publicEndpointConfiguration with its defaults, or null when it has none. */
export function endpointConfigurationOf(config: { publicEndpointConfiguration?: unknown } | null): PublicEndpointConfiguration | null {
  const value = config?.publicEndpointConfiguration;
  if (value === null || value === undefined) return null;
  const parsed = PublicEndpointConfigurationSchema.safeParse(value);
  if (!parsed.success)
    throw badRequest('The public endpoint configuration is not valid.', [
      ...parsed.error.issues.map((i) => ({ field: ['config', 'publicEndpointConfiguration', ...i.path].join('.'), message: i.message })),
    ]);
  return parsed.data;
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) if ((c as { code?: unknown }).code === '23505') return true;
  return false;
};

/**
 * Makes the registry follow the configuration being published, in the publishing transaction: the agent's row goes
 * when the configuration has no endpoint, and takes the new name and settings when it has one. 409 when another
 * agent holds the name; 400 for a personal agent unless the instance allows it. Throwing rolls the publish back.
 */
export async function syncPublicEndpoint(
  tx: DbOrTx,
  agent: { id: string; gptSystemType: string },
  config: { publicEndpointConfiguration?: unknown } | null,
): Promise<void> {
  const endpoint = endpointConfigurationOf(config);
  if (endpoint && agent.gptSystemType === 'User' && !(await personalPublicEndpointsAllowed({ db: tx })))
    throw badRequest(PersonalEndpointsOff, [{ field: 'config.publicEndpointConfiguration', message: 'Not allowed for personal agents here' }]);
  if (endpoint) requireIdentitySecret(endpoint, config?.publicEndpointConfiguration);
  const taken = () => conflict('Another agent already has this public endpoint name.', [{ field: EndpointField, message: EndpointNameTaken }]);
  if (endpoint) {
    const [holder] = await tx
      .select({ gptSystemId: publicEndpoints.gptSystemId })
      .from(publicEndpoints)
      .where(eq(publicEndpoints.endpointName, endpoint.endpointName));
    if (holder && holder.gptSystemId !== agent.id) throw taken();
  }
  await tx.delete(publicEndpoints).where(eq(publicEndpoints.gptSystemId, agent.id));
  if (!endpoint) return;
  try {
    await tx.insert(publicEndpoints).values({ endpointName: endpoint.endpointName, gptSystemId: agent.id, configuration: endpoint });
  } catch (e) {
    // another publish took the name between the read and this write
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}

/** Removes the agent's endpoint (the agent is deleted), in the caller's transaction. */
export async function removePublicEndpoint(tx: DbOrTx, gptSystemId: string): Promise<void> {
  await tx.delete(publicEndpoints).where(eq(publicEndpoints.gptSystemId, gptSystemId));
}

// endpoints as visitors' requests read them: other processes see a publish within 5 s
const endpointRows = ttlCache<PublicEndpointRow | null>({ name: 'public-chat.endpoints', max: 1_000, ttlMs: 5_000 });

/** The endpoint by name (cached), or null. */
export async function findEndpoint(ctx: CachedContext, endpointName: string): Promise<PublicEndpointRow | null> {
  return endpointRows.get(ctx, endpointName, async () => {
    const [row] = await ctx.db.select().from(publicEndpoints).where(eq(publicEndpoints.endpointName, endpointName)).limit(1);
    return row ?? null;
  });
}

/** Call once a publishing transaction is done: this process reads the registry afresh. */
export function publicEndpointsChanged(ctx: CacheContext): void {
  endpointRows.delete(ctx);
}
