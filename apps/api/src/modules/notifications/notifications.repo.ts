import { notificationPreferences, notifications, type Database } from '@copaiba/db';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The notification centre's page as one statement prepared once per database handle, as the
 * wallet's reads are (docs/PERFORMANCE.md): no query building per request, parsed and planned once
 * per pooled connection, and each row carries the user's total and unread counts.
 */
export function createNotificationReads(db: Database) {
  const mine = eq(notifications.userId, sql.placeholder('userId'));
  const unreadOnes = and(mine, isNull(notifications.readAt));
  const page = db
    .select({
      notification: notifications,
      total: sql`${db.select({ n: count() }).from(notifications).where(mine)}`.mapWith(Number),
      unread: sql`${db.select({ n: count() }).from(notifications).where(unreadOnes)}`.mapWith(
        Number,
      ),
    })
    .from(notifications)
    .where(mine)
    // The index's own order (drizzle's `.desc()` index is DESC NULLS LAST; a bare DESC means NULLS
    // FIRST): read the page from notifications_user_idx instead of sorting every notification.
    .orderBy(sql`${notifications.id} desc nulls last`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('notifications_page');
  const totals = db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`,
    })
    .from(notifications)
    .where(mine)
    .prepare('notifications_totals');

  return {
    /** A page of the user's notifications, newest first, with the total and the unread count. */
    async listForUser(userId: number, options: { offset: number; limit: number }) {
      const rows = await page.execute({ userId, ...options });
      const first = rows[0];
      if (first)
        return { count: first.total, unread: first.unread, rows: rows.map((r) => r.notification) };
      // Past the last page there is no row to carry the counts: ask for them (a rare request).
      const [counts] = options.offset === 0 ? [] : await totals.execute({ userId });
      return { count: counts?.total ?? 0, unread: counts?.unread ?? 0, rows: [] };
    },
  };
}

/** Marks the user's own unread notifications read (`ids`: these; null: all); others' are untouched. */
export async function markRead(
  db: Database,
  userId: number,
  ids: number[] | null,
  at: Date,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}

export async function unreadCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
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
