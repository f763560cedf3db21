import { recoveryCodes, users, type Database } from '@copaiba/db';
import { and, eq, isNull, lt, or } from 'drizzle-orm';

/** Records `step` as the last accepted time step unless it, or a later one, already was. */
export async function claimStep(db: Database, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1;
}

/** A new secret awaiting its first code. */
export async function setPendingSecret(db: Database, userId: number, sealed: string) {
  await db
    .update(users)
    .set({ totpSecretEnc: sealed, totpLastStep: null })
    .where(eq(users.id, userId));
}

/** Two-factor on, or off (the secret goes with it). */
export async function setEnabled(db: Database, userId: number, on: boolean, at: Date) {
  await db
    .update(users)
    .set(
      on
        ? { isTwoFactorAuthentication: true, updatedAt: at }
        : { isTwoFactorAuthentication: false, totpSecretEnc: null, updatedAt: at },
    )
    .where(eq(users.id, userId));
}

/** The user's recovery codes are these hashes from now on (none: no codes). */
export async function replaceRecoveryCodes(db: Database, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length > 0)
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function lockUnusedRecoveryCodes(db: Database, userId: number) {
  return db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .orderBy(recoveryCodes.id)
    .for('update');
}

export async function markRecoveryCodeUsed(db: Database, id: number, at: Date) {
  await db.update(recoveryCodes).set({ usedAt: at }).where(eq(recoveryCodes.id, id));
}
