import { consents, type ConsentDocument, type Database } from '@copaiba/db';
import { and, count, desc, eq } from 'drizzle-orm';

export async function insertConsent(db: Database, consent: typeof consents.$inferInsert) {
  await db.insert(consents).values(consent);
}

/** The user's consents, newest first, with how many there are. */
export async function consentsOf(
  db: Database,
  userId: number,
  options: { offset: number; limit: number },
) {
  const [total] = await db.select({ n: count() }).from(consents).where(eq(consents.userId, userId));
  const rows = await db
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

/** Every consent of the user, oldest first (the LGPD export). */
export function allConsentsOf(db: Database, userId: number) {
  return db.select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.id);
}

/** When the user last accepted this version of the document; null if never. */
export async function acceptedAt(
  db: Database,
  userId: number,
  document: ConsentDocument,
  version: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: consents.acceptedAt })
    .from(consents)
    .where(
      and(
        eq(consents.userId, userId),
        eq(consents.document, document),
        eq(consents.version, version),
      ),
    )
    .orderBy(desc(consents.id))
    .limit(1);
  return row?.at ?? null;
}
