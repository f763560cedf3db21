import { adminAuditLog, projects, tokenIssuers, tokens, users, type Database } from '@copaiba/db';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export type UserRow = typeof users.$inferSelect;

const wantsOrHasRole = or(
  eq(users.intentionTokenCreator, true),
  eq(users.intentionProjectManager, true),
  eq(users.isTokenCreator, true),
  eq(users.isProjectManager, true),
);

/** Users who asked for, or hold, a creator or manager role; newest first. */
export async function listCreators(db: Database, options: { offset: number; limit: number }) {
  const [total] = await db.select({ n: count() }).from(users).where(wantsOrHasRole);
  const rows = await db
    .select()
    .from(users)
    .where(wantsOrHasRole)
    .orderBy(desc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

export async function findUser(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findIssuerOfUser(db: Database, userId: number) {
  const [row] = await db.select().from(tokenIssuers).where(eq(tokenIssuers.userId, userId));
  return row;
}

const manager = alias(users, 'manager');

export async function tokensOfIssuer(db: Database, issuerId: number) {
  return db
    .select({
      token: tokens,
      hasProject: sql<boolean>`${projects.tokenId} is not null`,
      managerName: manager.name,
    })
    .from(tokens)
    .leftJoin(projects, eq(projects.tokenId, tokens.id))
    .leftJoin(manager, eq(manager.id, tokens.projectManagerId))
    .where(eq(tokens.issuerId, issuerId))
    .orderBy(desc(tokens.id));
}

export async function findTokenWithProject(db: Database, tokenId: number) {
  const [row] = await db
    .select({ token: tokens, project: projects })
    .from(tokens)
    .leftJoin(projects, eq(projects.tokenId, tokens.id))
    .where(eq(tokens.id, tokenId));
  return row;
}

/** Liberado → Emitido, opening the offer; null when the token was not Liberado. */
export async function issueReleasedToken(db: Database, tokenId: number, at: Date) {
  const [row] = await db
    .update(tokens)
    .set({ status: 'issued', offerStatus: 'funding', issuedAt: at, updatedAt: at })
    .where(and(eq(tokens.id, tokenId), eq(tokens.status, 'released')))
    .returning();
  return row;
}

/** The user who registered the issuer (the creator of its tokens). */
export async function creatorOfIssuer(db: Database, issuerId: number): Promise<number> {
  const [row] = await db
    .select({ userId: tokenIssuers.userId })
    .from(tokenIssuers)
    .where(eq(tokenIssuers.id, issuerId));
  return row!.userId;
}

export async function setRoles(
  db: Database,
  userId: number,
  roles: { isTokenCreator?: boolean; isProjectManager?: boolean },
) {
  const [row] = await db
    .update(users)
    .set({ ...roles, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function setManager(db: Database, tokenId: number, managerId: number) {
  await db
    .update(tokens)
    .set({ projectManagerId: managerId, updatedAt: new Date() })
    .where(eq(tokens.id, tokenId));
}

export async function listManagers(db: Database) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.isProjectManager, true))
    .orderBy(users.name);
}

export type AuditEntry = Omit<typeof adminAuditLog.$inferInsert, 'id' | 'createdAt'>;

export async function insertAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

export async function listAudit(db: Database, options: { offset: number; limit: number }) {
  const actor = alias(users, 'actor');
  const [total] = await db.select({ n: count() }).from(adminAuditLog);
  const rows = await db
    .select({ entry: adminAuditLog, actor: { id: actor.id, name: actor.name, email: actor.email } })
    .from(adminAuditLog)
    .innerJoin(actor, eq(actor.id, adminAuditLog.actorId))
    .orderBy(desc(adminAuditLog.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}
