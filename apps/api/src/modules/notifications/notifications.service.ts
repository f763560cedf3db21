import {
  NOTIFICATION_KINDS,
  notificationMessages,
  PAGE_SIZES,
  type MarkReadBody,
  type NotificationItem,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsPage,
  type UpdatePreferencesBody,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { pageOffset, toPage } from '../../lib/pagination.ts';
import { sqlRows } from '../../lib/sql-rows.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { NotificationEvent } from './notification-events.ts';
import { presentNotification, type PresenterContext } from './notification-presenter.ts';
import * as repo from './notifications.repo.ts';

/**
 * Records an event for a user inside the caller's transaction (docs/product.md §16): the in-app
 * notification and, unless the user turned this kind's mail off (money receipts always go), its
 * mail in the outbox. One SQL function does it, the same one a purchase calls inside the database
 * (packages/db/src/sql/notifications.sql). Returns the notification's id.
 */
export async function recordNotification(
  tx: Database,
  userId: number,
  event: NotificationEvent,
): Promise<number> {
  const [row] = await sqlRows<{ id: string }>(
    tx,
    sql`select notification_record(${userId}::bigint, ${event.kind}::text, ${JSON.stringify(event.data)}::jsonb) as id`,
  );
  return Number(row!.id);
}

/**
 * Mails that are not notifications, with what their templates need; written to the same outbox in
 * the caller's transaction and sent by the mail job (mail-sender.ts). A mail to a person names the
 * user: the address and name are read when it is sent.
 */
export type OutboxMail =
  | { template: 'confirmation'; userId: number; data: { code: string; ttl_hours: number } }
  | { template: 'password_reset'; userId: number; data: { link: string; ttl_minutes: number } }
  | { template: 'contact'; to: string; data: { name: string; email: string; message: string } };

export async function enqueueMail(tx: Database, mail: OutboxMail): Promise<number> {
  const userId = 'userId' in mail ? mail.userId : null;
  const to = 'to' in mail ? mail.to : null;
  const [row] = await sqlRows<{ id: string }>(
    tx,
    sql`select mail_enqueue(${mail.template}::text, ${userId}::bigint, ${to}::text, ${JSON.stringify(mail.data)}::jsonb, null::bigint) as id`,
  );
  return Number(row!.id);
}

export function createNotificationsService(deps: {
  db: Database;
  now: () => Date;
  presenter: PresenterContext;
}) {
  const { db, now, presenter } = deps;
  const reads = repo.createNotificationReads(db);

  function toItem(row: repo.NotificationRow): NotificationItem {
    const { title, body, link } = presentNotification(row.kind, row.data, presenter);
    return {
      id: row.id,
      kind: row.kind as NotificationKind,
      title,
      body,
      link,
      created_at: row.createdAt.toISOString(),
      read_at: row.readAt?.toISOString() ?? null,
    };
  }

  async function preferences(user: UserRow): Promise<NotificationPreferences> {
    const saved = new Map((await repo.preferencesOf(db, user.id)).map((p) => [p.kind, p.email]));
    return Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, { email: saved.get(kind) ?? true }]),
    ) as NotificationPreferences;
  }

  return {
    record: recordNotification,
    /** A mail into the outbox, in `tx` when given (with what it tells about), else on its own. */
    enqueueMail: (mail: OutboxMail, tx: Database = db) => enqueueMail(tx, mail),

    async list(user: UserRow, page: number): Promise<NotificationsPage> {
      const request = { page, size: PAGE_SIZES.notifications, path: '/api/notifications/' };
      const { count, unread, rows } = await reads.listForUser(user.id, {
        offset: pageOffset(request),
        limit: request.size,
      });
      return Object.assign(toPage(request, count, rows.map(toItem)), { unread });
    },

    /** Marks some (only the user's own) or all of the user's notifications read. */
    async markRead(user: UserRow, body: MarkReadBody): Promise<{ unread: number }> {
      return {
        unread: await repo.markRead(db, user.id, body.all ? null : (body.ids ?? []), now()),
      };
    },

    preferences,

    /** The kinds given are saved (the schema refused turning off an always-mailed one). */
    async updatePreferences(
      user: UserRow,
      body: UpdatePreferencesBody,
    ): Promise<NotificationPreferences> {
      const choices = NOTIFICATION_KINDS.flatMap((kind) => {
        const choice = body[kind];
        return choice ? [{ kind, email: choice.email }] : [];
      });
      if (choices.length === 0) throw new AppError(400, notificationMessages.nothingToSave);
      await repo.savePreferences(db, user.id, choices, now());
      return preferences(user);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
