// Routes of the brands module (being written).
import type { Module } from '../../platform/context.js';

export const brandsRoutes: Module = () => {};
