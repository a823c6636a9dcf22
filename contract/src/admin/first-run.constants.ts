// The first-run checklist's steps without zod, so that the web can name them (docs/features.md "First run").
// connectModel: a connection with an enabled chat deployment answers (not only the offline engine).
// setBrand: an administrator changed the seeded brand or added one.
// signIn: single sign-on is configured, or local accounts were made for other people (local sign-in kept).
// firstAgent: a System agent beside the seeded one, or the seeded one changed by an administrator.
export const FirstRunSteps = ['connectModel', 'setBrand', 'signIn', 'firstAgent'] as const;
export type FirstRunStep = (typeof FirstRunSteps)[number];
