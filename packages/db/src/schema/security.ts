import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/*
 * Privileged accounts and sessions (docs/product.md §19): the devices a person is signed in on,
 * the second step of a login, recovery codes and the account's security events.
 */

/**
 * A signed-in device: one refresh-token family (refresh_tokens.family_id). Ending it revokes the
 * family; `expires_at` follows the family's newest refresh token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    /** Browser and system read from the user agent, e.g. 'Chrome em Windows'. */
    device: text('device').notNull(),
    /** The address of the latest login or refresh. */
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Logout, ended from 'Dispositivos conectados', a password reset or a reused refresh token. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_family_key').on(t.familyId),
    index('sessions_user_idx').on(t.userId, t.lastUsedAt),
  ],
);

/**
 * The second step of a login with two-factor on: the password was right, the code is awaited.
 * Stored as a keyed hash; void after 5 wrong codes, 5 minutes, or once used.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeHash: text('challenge_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('login_challenges_hash_key').on(t.challengeHash),
    index('login_challenges_user_idx').on(t.userId),
  ],
);

/** One-time recovery codes, ten per activation of two-factor, stored as argon2id hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export type SecurityEventKind =
  | 'login'
  | 'login_failed'
  | 'new_device'
  | 'password_changed'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'recovery_code_used'
  | 'role_changed';

/** 'Atividade da conta': a person's own security events, kept 12 months. Append-only. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SecurityEventKind>().notNull(),
    ip: text('ip').notNull(),
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('security_events_user_idx').on(t.userId, t.createdAt),
    index('security_events_created_idx').on(t.createdAt),
  ],
);
