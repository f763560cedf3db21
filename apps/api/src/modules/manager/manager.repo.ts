import { projects, tokenHoldings, tokens, type Database } from '@copaiba/db';
import { and, count, desc, eq, gt } from 'drizzle-orm';

const assignedTo = (userId: number) =>
  and(eq(tokens.projectManagerId, userId), eq(tokens.status, 'issued'));

export async function listAssigned(
  db: Database,
  userId: number,
  options: { offset: number; limit: number },
) {
  const [total] = await db.select({ n: count() }).from(tokens).where(assignedTo(userId));
  const rows = await db
    .select({ token: tokens, project: projects })
    .from(tokens)
    .leftJoin(projects, eq(projects.tokenId, tokens.id))
    .where(assignedTo(userId))
    .orderBy(desc(tokens.issuedAt), desc(tokens.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

export async function findAssignedProject(db: Database, userId: number, tokenId: number) {
  const [row] = await db
    .select({ project: projects, token: { name: tokens.name, symbol: tokens.symbol } })
    .from(tokens)
    .innerJoin(projects, eq(projects.tokenId, tokens.id))
    .where(and(eq(tokens.id, tokenId), assignedTo(userId)));
  return row;
}

/** Who holds units of the token now: the readers of its reports. */
export async function holdersOf(db: Database, tokenId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: tokenHoldings.userId })
    .from(tokenHoldings)
    .where(and(eq(tokenHoldings.tokenId, tokenId), gt(tokenHoldings.quantity, 0)))
    .orderBy(tokenHoldings.userId);
  return rows.map((r) => r.userId);
}

export async function saveReports(
  db: Database,
  tokenId: number,
  reports: { report?: string; indicators?: string },
  at: Date,
): Promise<void> {
  await db
    .update(projects)
    .set({ ...reports, reportsUpdatedAt: at, updatedAt: at })
    .where(eq(projects.tokenId, tokenId));
}
