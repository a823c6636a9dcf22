// The web forms' entry to the contract: the schemas their fields are checked with before sending, the very ones
// the server validates the same bodies with, so that the browser refuses what the server would (next to the field)
// and lets through what it takes. These evaluate zod, so only lazily loaded pages import this entry (the agent
// editors, the admin forms); everything else reads the contract through browser.ts, which evaluates no schema.
export { ConfigStateUpdateSchema, SharingBodySchema } from './agents/config-states.schemas.js';
export { AdminUserCreateSchema } from './users/admin-users.schemas.js';
export { FileLibraryInputSchema } from './knowledge/file-libraries.schemas.js';
export { LibrarySearchBodySchema } from './knowledge/retrieval.schemas.js';
