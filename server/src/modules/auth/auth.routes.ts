// Routes of the auth module (being written).
import type { Module } from '../../platform/context.js';

export const authRoutes: Module = () => {};
