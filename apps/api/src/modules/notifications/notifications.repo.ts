import { notificationPreferences, notifications, type Database } from '@copaiba/db';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

export type NotificationRow = typeof notifications.$inferSelect;

/** A page of the user's notifications, newest first, with the total and the unread count. */
export async function listForUser(
  db: Database,
  userId: number,
  options: { offset: number; limit: number },
) {
  const [totals] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: totals?.total ?? 0, unread: totals?.unread ?? 0, rows };
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
