import { projects, tokens, type Database } from '@copaiba/db';
import { and, eq, sql } from 'drizzle-orm';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;

export async function findProject(db: Database, tokenId: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.tokenId, tokenId));
  return row;
}

/** Inserts the project and releases its token, unless the token was issued or got a project meanwhile. */
export async function insertProjectAndRelease(db: Database, project: NewProject): Promise<boolean> {
  const released = await db
    .update(tokens)
    .set({ status: 'released', updatedAt: new Date() })
    .where(and(eq(tokens.id, project.tokenId), eq(tokens.status, 'incomplete')))
    .returning({ id: tokens.id });
  if (released.length === 0) return false;
  await db.insert(projects).values(project);
  return true;
}

/** Updates the project while its token is not issued; false otherwise. */
export async function updateProjectOfEditableToken(
  db: Database,
  tokenId: number,
  changes: Partial<NewProject>,
): Promise<boolean> {
  const editable = await db
    .update(tokens)
    .set({ updatedAt: new Date() })
    .where(and(eq(tokens.id, tokenId), sql`${tokens.status} in ('incomplete', 'released')`))
    .returning({ id: tokens.id });
  if (editable.length === 0) return false;
  await db
    .update(projects)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(projects.tokenId, tokenId));
  return true;
}
