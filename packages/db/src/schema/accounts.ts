import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /**
     * Cleartext from before migration 0016, kept only until the start's sealing step moves it into
     * the `_enc` columns (docs/DECISIONS.md, "Identity data at rest"); the app never reads it.
     */
    cpfCnpj: text('cpf_cnpj'),
    /** Cleartext from before migration 0016, as `cpfCnpj`. */
    birthDate: date('birth_date', { mode: 'string' }),
    /**
     * CPF/CNPJ, AES-256-GCM with the identity key (lib/identity-box.ts); null only for operators
     * created from ADMIN_EMAIL and closed accounts.
     */
    cpfCnpjEnc: text('cpf_cnpj_enc'),
    /** HMAC of the CPF/CNPJ: one account per CPF/CNPJ without storing it in clear. */
    cpfCnpjHash: text('cpf_cnpj_hash'),
    /** YYYY-MM-DD, AES-256-GCM with the identity key. */
    birthDateEnc: text('birth_date_enc'),
    passwordHash: text('password_hash').notNull(),
    isConfirmedEmail: boolean('is_confirmed_email').notNull().default(false),
    isTwoFactorAuthentication: boolean('is_two_factor_authentication').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    isTokenCreator: boolean('is_token_creator').notNull().default(false),
    isProjectManager: boolean('is_project_manager').notNull().default(false),
    intentionTokenCreator: boolean('intention_token_creator').notNull().default(false),
    intentionProjectManager: boolean('intention_project_manager').notNull().default(false),
    /** TOTP secret, AES-256-GCM encrypted; set when two-factor setup starts, active once confirmed. */
    totpSecretEnc: text('totp_secret_enc'),
    /** The last TOTP time step accepted: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Bumped on password reset: access tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The version of the Termo de Ciência de Risco the person accepted last (docs/product.md §15). */
    riskTermVersion: text('risk_term_version'),
    /** Set when the person closed the account (LGPD art. 18): personal fields are anonymized. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_cpf_cnpj_hash_key').on(t.cpfCnpjHash),
  ],
);

/** Rotating refresh tokens: one row per issued token; a reused (already rotated) token revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export type CodePurpose = 'confirm_email' | 'reset_password';

/** One-time codes sent by mail. Stored as keyed hashes; expire, single use, locked after too many wrong tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Solved captcha payloads already used: each one is accepted once. */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
