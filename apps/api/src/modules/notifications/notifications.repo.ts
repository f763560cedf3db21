import {
  notificationCounts,
  notificationPreferences,
  notifications,
  type Database,
} from '@copaiba/db';
import { eq, sql } from 'drizzle-orm';
import { sqlRows } from '../../lib/sql-rows.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The notification centre's page as one statement prepared once per database handle, as the
 * wallet's reads are (docs/PERFORMANCE.md): no query building per request, parsed and planned once
 * per pooled connection, and each row carries the user's total and unread counts, read from their
 * row of notification_counts (kept by notifications.sql) however long the history.
 */
export function createNotificationReads(db: Database) {
  const userId = sql.placeholder('userId');
  const page = db
    .select({
      notification: notifications,
      total: notificationCounts.total,
      unread: notificationCounts.unread,
    })
    .from(notifications)
    .leftJoin(notificationCounts, eq(notificationCounts.userId, notifications.userId))
    .where(eq(notifications.userId, userId))
    // The index's own order (drizzle's `.desc()` index is DESC NULLS LAST; a bare DESC means NULLS
    // FIRST): read the page from notifications_user_idx instead of sorting every notification.
    .orderBy(sql`${notifications.id} desc nulls last`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('notifications_page');
  const totals = db
    .select({ total: notificationCounts.total, unread: notificationCounts.unread })
    .from(notificationCounts)
    .where(eq(notificationCounts.userId, userId))
    .prepare('notifications_totals');

  return {
    /** A page of the user's notifications, newest first, with the total and the unread count. */
    async listForUser(userId: number, options: { offset: number; limit: number }) {
      const rows = await page.execute({ userId, ...options });
      const first = rows[0];
      if (first)
        return {
          count: first.total ?? 0,
          unread: first.unread ?? 0,
          rows: rows.map((r) => r.notification),
        };
      // Past the last page there is no row to carry the counts: ask for them (a rare request).
      const [counts] = options.offset === 0 ? [] : await totals.execute({ userId });
      return { count: counts?.total ?? 0, unread: counts?.unread ?? 0, rows: [] };
    },
  };
}

/**
 * Marks the user's own unread notifications read (`ids`: these; null: all); others' are untouched.
 * How many are still unread.
 */
export async function markRead(
  db: Database,
  userId: number,
  ids: number[] | null,
  at: Date,
): Promise<number> {
  // The ids as one array literal: drizzle would spread a JS array into separate parameters.
  const idArray = ids === null ? null : `{${ids.join(',')}}`;
  const [row] = await sqlRows<{ unread: string }>(
    db,
    sql`select notifications_mark_read(${userId}::bigint, ${idArray}::bigint[], ${at.toISOString()}::timestamptz) as unread`,
  );
  return Number(row?.unread ?? 0);
}

/** The kinds whose mail the user turned on or off (no row: on). */
export async function preferencesOf(db: Database, userId: number) {
  return db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function savePreferences(
  db: Database,
  userId: number,
  choices: Array<{ kind: string; email: boolean }>,
  at: Date,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(choices.map((c) => ({ userId, kind: c.kind, email: c.email, updatedAt: at })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
    });
}
