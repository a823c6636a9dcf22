// Identity tables: people (the users module), roles (the user-roles module), who holds which role (both:
// the users area gives and removes roles, the roles area counts their members) and sign-in sessions (auth).
// @owner: users
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export interface DirectoryGroupRow {
  id: string;
  displayName: string;
  description: string | null;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    /** scrypt hash (see platform/passwords.ts); null for people who only sign in through SSO */
    passwordHash: text('password_hash'),
    identityProvider: text('identity_provider').notNull().default('Local'),
    /** the provider's stable subject (oid for Entra ID, sub otherwise) */
    externalSubject: text('external_subject'),
    disabled: boolean('disabled').notNull().default(false),
    directoryGroups: jsonb('directory_groups')
      .$type<DirectoryGroupRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), uniqueIndex('users_external_subject_key').on(t.identityProvider, t.externalSubject)],
);

// @owner: user-roles
export const userRoles = pgTable('user_roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  /** 'Administrator' | 'User' for the built-in roles, which cannot be deleted */
  builtInKey: text('built_in_key').unique(),
  actions: jsonb('actions')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** scopes of the …Specific actions: which agents and data sources they cover */
  entityConfiguration: jsonb('entity_configuration')
    .$type<{ gptSystemIds: string[]; dataSourceIds: string[] }>()
    .notNull()
    .default(sql`'{"gptSystemIds":[],"dataSourceIds":[]}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// @owner: users, user-roles
export const userRoleAssignments = pgTable(
  'user_role_assignments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => userRoles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_role_assignments_role_idx').on(t.roleId)],
);

/**
 * Refresh sessions behind the httpOnly cookie of local sign-in; only a hash of the secret is kept. A token's `sid`
 * names its session; a single sign-on session gets a row only when it is logged out of (token_hash `ended:<id>`).
 * @owner: auth
 */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    address: text('address'),
  },
  (t) => [
    index('refresh_sessions_user_idx').on(t.userId),
    // the access hook's set of recently ended sessions (modules/auth/auth.sessions.ts) reads these
    index('refresh_sessions_revoked_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
  ],
);

/** Failed sign-in counters per account and per address, to slow down guessing. @owner: auth */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
