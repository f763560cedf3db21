import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The development outbox: mails kept when no SMTP server is configured (never in production). */
export const devOutbox = pgTable('dev_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
