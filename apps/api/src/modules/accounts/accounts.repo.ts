import {
  refreshTokens,
  users,
  verificationCodes,
  type CodePurpose,
  type Database,
} from '@copaiba/db';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * findUserById prepared once per database handle (a named statement on PostgreSQL), for the
 * lookup every authenticated request makes.
 */
export function prepareUserById(db: Database) {
  const query = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id');
  return async (id: number): Promise<UserRow | undefined> => (await query.execute({ id }))[0];
}

export async function findUserByCpfCnpj(
  db: Database,
  cpfCnpj: string,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.cpfCnpj, cpfCnpj));
  return row;
}

export async function insertUser(db: Database, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(
  db: Database,
  id: number,
  changes: Partial<NewUser>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Replaces any open code of this purpose with a new one. */
export async function insertCode(
  db: Database,
  code: { userId: number; purpose: CodePurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, code.userId),
        eq(verificationCodes.purpose, code.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values(code);
}

export type CodeRow = typeof verificationCodes.$inferSelect;

export async function findOpenCode(
  db: Database,
  userId: number,
  purpose: CodePurpose,
): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
}

/** Counts a wrong try atomically; returns the new count, or null if the code was already locked or used. */
export async function recordFailedAttempt(
  db: Database,
  codeId: number,
  maxAttempts: number,
): Promise<number | null> {
  const [row] = await db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, codeId),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.failedAttempts, maxAttempts),
      ),
    )
    .returning({ failedAttempts: verificationCodes.failedAttempts });
  return row?.failedAttempts ?? null;
}

/** Marks a code used; false when another request used it first (single use under concurrency). */
export async function consumeCode(
  db: Database,
  codeId: number,
  maxAttempts: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, codeId),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.failedAttempts, maxAttempts),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

export async function insertRefreshToken(
  db: Database,
  token: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/** Rotates a live token atomically: the row is marked rotated and returned, or nothing is returned. */
export async function rotateRefreshToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  return row;
}

export async function findRefreshToken(db: Database, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function revokeFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
