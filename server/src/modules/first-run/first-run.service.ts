// The first-run checklist of the /admin index: which of the first steps of a new instance are done,
// read from what each owning module answers (never their tables), so that the checklist follows the
// instance as it is and needs no state of its own.
import { AreaActions, ConfigurationChangeQuerySchema, type FirstRun, type FirstRunStep, type UserAction } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { hasAny } from '../../platform/access.js';
import { listAnsweringDeployments } from '../connections/connections.catalog.js';
import { listConfigurationChanges } from '../audit/audit.service.js';
import { UserAggregate } from '../users/admin-users.service.js';
import { systemAgentNames } from '../agents/agents.lookup.js';

type FirstRunContext = Pick<AppContext, 'db' | 'caches' | 'config'>;

/**
 * Whether a person (not the first start, which records what it seeds with no user) changed an aggregate of this
 * type: of this aggregate, or by this operation, when given. Newest first; the first start's few rows are passed.
 */
async function changedByPerson(ctx: FirstRunContext, type: string, only: { aggregateRootId?: string; domainOperation?: string } = {}): Promise<boolean> {
  let continuationToken: string | undefined;
  do {
    const query = ConfigurationChangeQuerySchema.parse({ type, ...only, pageSize: 50, continuationToken });
    const page = await listConfigurationChanges(ctx, query);
    if (page.items.some((change) => change.userId !== null)) return true;
    continuationToken = page.continuationToken ?? undefined;
  } while (continuationToken);
  return false;
}

interface Step {
  key: FirstRunStep;
  /** who may do the step, and so sees it */
  anyOf: readonly UserAction[];
  done: (ctx: FirstRunContext) => Promise<boolean>;
}

const steps: Step[] = [
  {
    // a model other than the offline engine answers questions
    key: 'connectModel',
    anyOf: AreaActions.connections.write,
    done: async ({ db }) => (await listAnsweringDeployments(db)).some((d) => d.providerType !== 'Offline'),
  },
  {
    // a brand changed or added by an administrator
    key: 'setBrand',
    anyOf: [...AreaActions.brands.create, ...AreaActions.brands.write],
    done: (ctx) => changedByPerson(ctx, 'Brand'),
  },
  {
    // single sign-on configured, or local sign-in kept on purpose: an administrator made local accounts
    key: 'signIn',
    anyOf: AreaActions.users.create,
    done: async (ctx) => ctx.config.oidc !== null || (await changedByPerson(ctx, UserAggregate, { domainOperation: 'Created' })),
  },
  {
    // a System agent beside the seeded one, or the seeded one changed by an administrator
    key: 'firstAgent',
    anyOf: AreaActions.agents.create,
    done: async (ctx) => {
      const agents = await systemAgentNames(ctx);
      if (agents.length !== 1) return agents.length > 1;
      return changedByPerson(ctx, 'GptSystem', { aggregateRootId: agents[0]!.gptSystemId });
    },
  },
];

/** The steps this person may do, each with whether it is done. */
export async function firstRun(ctx: FirstRunContext, principal: Principal): Promise<FirstRun> {
  const visible = steps.filter((s) => hasAny(principal, s.anyOf));
  return { steps: await Promise.all(visible.map(async (s) => ({ key: s.key, done: await s.done(ctx) }))) };
}
