import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Investor protection under CVM Resolução 88 (docs/product.md §15). Declarations are append-only:
 * each PUT of the profile is a new row with where it came from; the latest one counts.
 */
export const investorDeclarations = pgTable(
  'investor_declarations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    annualIncomeCents: bigint('annual_income_cents', { mode: 'bigint' }).notNull(),
    financialInvestmentsCents: bigint('financial_investments_cents', { mode: 'bigint' }).notNull(),
    /** What the person invested this (São Paulo) year on other platforms; counts in that year only. */
    investedElsewhereCents: bigint('invested_elsewhere_cents', { mode: 'bigint' }).notNull(),
    isQualifiedInvestor: boolean('is_qualified_investor').notNull(),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [
    index('investor_declarations_user_idx').on(t.userId, t.id),
    check(
      'investor_declarations_amounts',
      sql`${t.annualIncomeCents} >= 0 and ${t.financialInvestmentsCents} >= 0 and ${t.investedElsewhereCents} >= 0`,
    ),
  ],
);

/**
 * What each investor has in Copaíba offers per São Paulo calendar year, net of desistências and
 * refunds: kept by the database's purchase, desistência and refund code in their transactions
 * (packages/db/src/sql/investor.sql), so a purchase reads its year's total in one indexed read.
 */
export const investorAnnualInvestments = pgTable(
  'investor_annual_investments',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    year: integer('year').notNull(),
    investedCents: bigint('invested_cents', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.year] }),
    check('investor_annual_investments_non_negative', sql`${t.investedCents} >= 0`),
  ],
);

export type ConsentDocument = 'terms_of_use' | 'deposit_rules' | 'risk_term';

/** Every acceptance of a document: which version, when and from where (LGPD art. 8 proof). */
export const consents = pgTable(
  'consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    document: text('document').$type<ConsentDocument>().notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.id)],
);
