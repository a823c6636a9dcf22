// GET /admin/firstRun: the /admin index's first-run checklist (connect a model, set the brand, sign-in,
// first agent), for those who may do one of its steps.
import { FirstRunRoutes, FirstRunSchema } from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf, requireArea } from '../../platform/access.js';
import { firstRun } from './first-run.service.js';

export const firstRunRoutes: Module = (api, ctx) => {
  api.get(FirstRunRoutes.firstRun, { config: { access: requireArea('firstRun', 'read') }, schema: { response: { 200: FirstRunSchema } } }, async (request) =>
    firstRun(ctx, principalOf(request)),
  );
};
