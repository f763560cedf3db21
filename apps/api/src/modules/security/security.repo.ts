import { securityEvents, type Database, type SecurityEventKind } from '@copaiba/db';
import { and, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';

export type SecurityEventRow = typeof securityEvents.$inferSelect;

export async function insertEvent(
  db: Database,
  event: { userId: number; kind: SecurityEventKind; ip: string; device: string; createdAt: Date },
): Promise<void> {
  await db.insert(securityEvents).values(event);
}

/** A page of the user's events since `since`, newest first, with their total. */
export async function listEvents(
  db: Database,
  userId: number,
  since: Date,
  options: { offset: number; limit: number },
) {
  const where = and(eq(securityEvents.userId, userId), gte(securityEvents.createdAt, since));
  const [total] = await db.select({ n: count() }).from(securityEvents).where(where);
  const rows = await db
    .select()
    .from(securityEvents)
    .where(where)
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

/** Deletes at most `limit` events older than `before`; how many it deleted. */
export async function deleteEventsBefore(db: Database, before: Date, limit: number) {
  const doomed = db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(lt(securityEvents.createdAt, before))
    .limit(limit);
  const deleted = await db
    .delete(securityEvents)
    .where(inArray(securityEvents.id, doomed))
    .returning({ id: securityEvents.id });
  return deleted.length;
}
