export * from './permissions.js';
export * from './routes.js';
export * from './common/errors.schemas.js';
export * from './common/list.schemas.js';
export * from './auth/auth.schemas.js';
export * from './instance/instance.schemas.js';
export * from './brands/brands.schemas.js';
export * from './users/users.schemas.js';
