// GET /admin/firstRun: the short checklist a new instance shows on the /admin index until each step is done.
import { z } from 'zod';
import { FirstRunSteps } from './first-run.constants.js';

export const FirstRunSchema = z.object({
  /** the steps the caller may do, in FirstRunSteps order; the checklist hides once every one is done */
  steps: z.array(
    z.object({
      key: z.enum(FirstRunSteps),
      done: z.boolean(),
    }),
  ),
});
export type FirstRun = z.infer<typeof FirstRunSchema>;
