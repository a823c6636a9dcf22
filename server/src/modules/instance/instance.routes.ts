// Routes of the instance module (being written).
import type { Module } from '../../platform/context.js';

export const instanceRoutes: Module = () => {};
