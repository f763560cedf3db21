import { tokenIssuers, users, type Database } from '@copaiba/db';
import { and, eq, ne } from 'drizzle-orm';

export type IssuerRow = typeof tokenIssuers.$inferSelect;
export type NewIssuer = typeof tokenIssuers.$inferInsert;

export async function findIssuerOfUser(
  db: Database,
  userId: number,
): Promise<IssuerRow | undefined> {
  const [row] = await db.select().from(tokenIssuers).where(eq(tokenIssuers.userId, userId));
  return row;
}

export async function cnpjTaken(
  db: Database,
  cnpj: string,
  exceptIssuerId?: number,
): Promise<boolean> {
  const where = exceptIssuerId
    ? and(eq(tokenIssuers.cnpj, cnpj), ne(tokenIssuers.id, exceptIssuerId))
    : eq(tokenIssuers.cnpj, cnpj);
  const [row] = await db.select({ id: tokenIssuers.id }).from(tokenIssuers).where(where);
  return !!row;
}

export async function insertIssuer(db: Database, issuer: NewIssuer): Promise<IssuerRow> {
  const [row] = await db.insert(tokenIssuers).values(issuer).returning();
  return row!;
}

export async function updateIssuer(
  db: Database,
  id: number,
  changes: Partial<NewIssuer>,
): Promise<void> {
  await db
    .update(tokenIssuers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tokenIssuers.id, id));
}

export async function setIntentions(
  db: Database,
  userId: number,
  intentions: { intentionTokenCreator: boolean; intentionProjectManager: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({ ...intentions, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
