// currentUserActions on the objects a route answers with: a route declares `config.presents` (the area of
// the contract's AreaActions table, and which objects cannot be deleted at all), and one preSerialization
// hook adds what the caller may do with each object (a list's items or the object itself), before the
// response schema serializes it.
import type { FastifyInstance } from 'fastify';
import { mayWrite, type ObjectAction, type WritableArea } from '@atrium/contract';

export interface Presents<T = never> {
  area: WritableArea;
  /** false for objects nobody may delete (a built-in role, the default brand) */
  deletable?: (object: T) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    presents?: Presents<never>;
  }
}

/** Declares what a route's objects present; `deletable` sees the object as the route answers it. */
export const presents = <T>(area: WritableArea, deletable?: (object: T) => boolean): Presents<never> =>
  ({ area, ...(deletable ? { deletable } : {}) }) as Presents<never>;

type Presentable = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Presentable =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

export function registerPresentedActions(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const declared = request.routeOptions.config.presents as Presents<Presentable> | undefined;
    if (!declared || !request.principal || reply.statusCode >= 300 || !isPlainObject(payload)) return payload;
    const actions = [...request.principal.actions];
    const writes = mayWrite(actions, declared.area);
    const present = (object: Presentable): Presentable => {
      const can: ObjectAction[] = [];
      if (writes) can.push('Edit');
      if (writes && (declared.deletable?.(object) ?? true)) can.push('Delete');
      return { ...object, currentUserActions: can };
    };
    const body = payload as Presentable;
    return Array.isArray(body.items) ? { ...body, items: (body.items as Presentable[]).map(present) } : present(body);
  });
}
