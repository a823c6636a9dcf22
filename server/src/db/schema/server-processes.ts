// The server processes that share this database, with a heartbeat each. Owned by the platform
// (platform/server-processes.ts): answers still being written by a process that stopped beating are
// ended as interrupted, so that a crash never leaves a segment InProgress for ever.
// @owner: platform (no module may use it)
import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

export const serverProcesses = pgTable('server_processes', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
