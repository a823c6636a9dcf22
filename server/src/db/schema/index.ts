export * from './users.js';
export * from './brands.js';
export * from './instance.js';
export * from './agents.js';
export * from './audit.js';
export * from './user-prompts.js';
export * from './connections.js';
export * from './conversations.js';
