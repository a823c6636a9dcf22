// Routes of the users module (being written).
import type { Module } from '../../platform/context.js';

export const usersRoutes: Module = () => {};
