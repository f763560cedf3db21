import {
  loginChallenges,
  refreshTokens,
  sessions,
  users,
  verificationCodes,
  type CodePurpose,
  type Database,
} from '@copaiba/db';
import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';

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

/** The account of a CPF/CNPJ, found by its keyed hash (lib/identity-box.ts). */
export async function findUserByCpfCnpjHash(
  db: Database,
  cpfCnpjHash: string,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.cpfCnpjHash, cpfCnpjHash));
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

/** Where the ids of ended sessions are announced, after commit (accounts/ended-sessions.ts). */
export const ENDED_SESSIONS_CHANNEL = 'copaiba_sessions';

/** Marks sessions ended and announces each on ENDED_SESSIONS_CHANNEL; their ids. */
async function endSessions(db: Database, where: SQL | undefined, now: Date): Promise<number[]> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(where, isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  for (const { id } of ended)
    await db.execute(sql`select pg_notify(${ENDED_SESSIONS_CHANNEL}, ${String(id)})`);
  return ended.map((row) => row.id);
}

/** Ends a session: its refresh family is revoked, so its next refresh is refused. */
export async function revokeFamily(db: Database, familyId: string, now: Date): Promise<number[]> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  return endSessions(db, eq(sessions.familyId, familyId), now);
}

/** Ends every session of the user (password reset). */
export async function revokeAllForUser(db: Database, userId: number, now: Date): Promise<number[]> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  return endSessions(db, eq(sessions.userId, userId), now);
}

/** Sessions ended since `since` (a process that starts listening learns what it missed). */
export async function sessionsEndedSince(db: Database, since: Date): Promise<number[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(gt(sessions.endedAt, since));
  return rows.map((row) => row.id);
}

export async function isSessionEnded(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ endedAt: sessions.endedAt })
    .from(sessions)
    .where(eq(sessions.id, id));
  return Boolean(row?.endedAt);
}

// ---------------------------------------------------------------------------------------------
// Sessions: one per refresh family (docs/product.md §19).

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Database,
  session: {
    userId: number;
    familyId: string;
    device: string;
    ip: string;
    at: Date;
    expiresAt: Date;
  },
): Promise<SessionRow> {
  const { at, ...rest } = session;
  const [row] = await db
    .insert(sessions)
    .values({ ...rest, createdAt: at, lastUsedAt: at })
    .returning();
  return row!;
}

export async function findSessionByFamily(
  db: Database,
  familyId: string,
): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.familyId, familyId));
  return row;
}

/** A refresh renewed the session: when, from where, until when. */
export async function touchSession(
  db: Database,
  sessionId: number,
  use: { at: Date; ip: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: use.at, ip: use.ip, expiresAt: use.expiresAt })
    .where(eq(sessions.id, sessionId));
}

const live = (now: Date) => and(isNull(sessions.endedAt), gt(sessions.expiresAt, now));

/** The user's sessions still open, the most recently used first. */
export async function liveSessions(db: Database, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/** The user's own open session `id` (another user's is not found). */
export async function findLiveSession(
  db: Database,
  userId: number,
  id: number,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), live(now)));
  return row;
}

/** The families of the user's open sessions other than `exceptId`. */
export async function otherLiveFamilies(
  db: Database,
  userId: number,
  exceptId: number | null,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        live(now),
        exceptId === null ? undefined : ne(sessions.id, exceptId),
      ),
    );
  return rows.map((r) => r.familyId);
}

/** Whether the user ever signed in before, and on a device of this description. */
export async function deviceHistory(db: Database, userId: number, device: string) {
  const rows = await db
    .select({ device: sessions.device })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .groupBy(sessions.device);
  return { anySession: rows.length > 0, knownDevice: rows.some((r) => r.device === device) };
}

/** Deletes at most `limit` sessions that ended or expired before `before`; how many it deleted. */
export async function deleteSessionsBefore(db: Database, before: Date, limit: number) {
  const doomed = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      or(
        and(isNotNull(sessions.endedAt), lt(sessions.endedAt, before)),
        lt(sessions.expiresAt, before),
      ),
    )
    .limit(limit);
  const deleted = await db
    .delete(sessions)
    .where(inArray(sessions.id, doomed))
    .returning({ id: sessions.id });
  return deleted.length;
}

// ---------------------------------------------------------------------------------------------
// The second step of a login with two-factor on (docs/product.md §19).

export type ChallengeRow = typeof loginChallenges.$inferSelect;

export async function insertChallenge(
  db: Database,
  challenge: { userId: number; challengeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(loginChallenges).values(challenge);
}

/** The challenge, locked for the rest of the transaction (one code checked at a time). */
export async function lockChallenge(
  db: Database,
  challengeHash: string,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(eq(loginChallenges.challengeHash, challengeHash))
    .for('update');
  return row;
}

/** Counts a wrong code; returns the new count. */
export async function challengeFailed(db: Database, id: number): Promise<number> {
  const [row] = await db
    .update(loginChallenges)
    .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
    .where(eq(loginChallenges.id, id))
    .returning({ failedAttempts: loginChallenges.failedAttempts });
  return row!.failedAttempts;
}

export async function consumeChallenge(db: Database, id: number, at: Date): Promise<void> {
  await db.update(loginChallenges).set({ consumedAt: at }).where(eq(loginChallenges.id, id));
}

/** Challenges are worth nothing after their 5 minutes: the job deletes those older than `before`. */
export async function deleteChallengesBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(loginChallenges)
    .where(lt(loginChallenges.expiresAt, before))
    .returning({ id: loginChallenges.id });
  return deleted.length;
}
