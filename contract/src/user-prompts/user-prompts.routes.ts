// Paths of a person's saved prompts (docs/product.md §7 UserPrompts), exported as UserPromptRoutes (see ../routes.ts).

export const prompts = '/UserPrompts';
export const prompt = '/UserPrompts/:promptId';
