// Retrieval constants without zod, for the browser bundle as well (the "Try a question" form, the agent's top-k).

export const RetrievalQueryMaxLength = 2000;
export const RetrievalTopKLimits = { min: 1, max: 50, default: 5 } as const;

export const RetrieverNames = ['FullText', 'Vector'] as const;
export type RetrieverName = (typeof RetrieverNames)[number];
