import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * In-app notifications (docs/product.md §16): a kind and structured data (ids, amounts in
 * centavos, quantities, names), never rendered text; the API renders the pt-BR title, body and
 * link when they are read. Written by notification_record (packages/db/src/sql/notifications.sql)
 * in the transaction of the event.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * How many notifications each person has, and how many unread: the notification centre's counts
 * without reading the whole history (docs/PERFORMANCE.md). Kept in the notifications' own
 * transactions by notification_record and notifications_mark_read (notifications.sql), under the
 * person's wallet lock.
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    total: bigint('total', { mode: 'number' }).notNull(),
    unread: bigint('unread', { mode: 'number' }).notNull(),
  },
  (t) => [check('notification_counts_unread', sql`${t.unread} >= 0 and ${t.unread} <= ${t.total}`)],
);

/** A person's choice to receive a kind by e-mail or not; no row means yes. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export type MailStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

/**
 * The mail outbox: every mail the platform sends, written in the transaction of its event (a
 * notification, a confirmation code, a reset link, the contact form) and sent by the mail job
 * (apps/api/src/modules/notifications/mail-sender.ts). A mail to a person names the user (the
 * address is read when it is sent); one to an inbox names the address. `message_key` makes the
 * Message-ID, the same on every attempt, so a copy sent twice after a crash is recognisable.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** A notification kind, or confirmation, password_reset, contact. */
    template: text('template').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    toAddress: text('to_address'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    notificationId: bigint('notification_id', { mode: 'number' }).references(
      () => notifications.id,
    ),
    messageKey: uuid('message_key').notNull().defaultRandom(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the row until then (database time); another may take it over afterwards. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_outbox_message_key').on(t.messageKey),
    // The sender's claim, in its order (urgent first, then due time): one index entry read per
    // mail however long the backlog (docs/PERFORMANCE.md, "The mail outbox under a burst").
    index('mail_outbox_claim_idx')
      .on(sql`(${t.template} in ('confirmation', 'password_reset')) desc`, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_user_idx').on(t.userId),
    check('mail_outbox_recipient', sql`${t.userId} is not null or ${t.toAddress} is not null`),
  ],
);

/**
 * Every attempt to send an outbox row: opened when a sender claims it, closed with its outcome.
 * An attempt left without an outcome is one whose process died while sending.
 */
export const mailAttempts = pgTable(
  'mail_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => mailOutbox.id),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** sent, failed or cancelled; null while in flight (or when the sender died). */
    outcome: text('outcome'),
    error: text('error'),
  },
  (t) => [uniqueIndex('mail_attempts_outbox_attempt_key').on(t.outboxId, t.attempt)],
);
