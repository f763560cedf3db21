import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tokens } from './catalogue.ts';

/**
 * The offer forum (docs/product.md §16): investors' questions about an issued token, each with at
 * most one answer by the token's creator. Texts are stored as typed; hiding is an administrator's
 * act (audited in admin_audit_log), undone by clearing `hidden_at`.
 */
export const questions = pgTable(
  'questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenId: bigint('token_id', { mode: 'number' })
      .notNull()
      .references(() => tokens.id),
    askerId: bigint('asker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    question: text('question').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: bigint('answered_by', { mode: 'number' }).references(() => users.id),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: bigint('hidden_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    // The token's list, newest first (hidden ones are filtered, and rare).
    index('questions_token_idx').on(t.tokenId, t.askedAt.desc(), t.id.desc()),
    // The rate limit: one person's questions of the last hour, across tokens.
    index('questions_asker_idx').on(t.askerId, t.askedAt),
    // 'Gestão de Tokens': what is still open per token.
    index('questions_unanswered_idx')
      .on(t.tokenId)
      .where(sql`${t.answer} is null and ${t.hiddenAt} is null`),
    check('questions_question_length', sql`char_length(${t.question}) <= 1000`),
    check('questions_answer_length', sql`char_length(${t.answer}) <= 2000`),
    check(
      'questions_answered_together',
      sql`(${t.answer} is null) = (${t.answeredAt} is null) and (${t.answer} is null) = (${t.answeredBy} is null)`,
    ),
  ],
);
