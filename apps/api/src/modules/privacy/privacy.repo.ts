import {
  adminAuditLog,
  installmentPayments,
  ledgerAccounts,
  ledgerTransfers,
  loginChallenges,
  pixCharges,
  recoveryCodes,
  refreshTokens,
  sessions,
  tokenHoldings,
  tokenIssuers,
  tokens,
  users,
  verificationCodes,
  withdrawals,
  type Database,
} from '@copaiba/db';
import { and, asc, count, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm';

/** The user's row, locked for the rest of the transaction. */
export async function lockUser(db: Database, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function walletAccount(db: Database, userId: number) {
  const [row] = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.userId, userId)));
  return row;
}

export async function issuerOf(db: Database, userId: number) {
  const [issuer] = await db.select().from(tokenIssuers).where(eq(tokenIssuers.userId, userId));
  if (!issuer) return null;
  const issued = await db
    .select({
      id: tokens.id,
      name: tokens.name,
      symbol: tokens.symbol,
      status: tokens.status,
      offerStatus: tokens.offerStatus,
    })
    .from(tokens)
    .where(eq(tokens.issuerId, issuer.id))
    .orderBy(asc(tokens.id));
  return { issuer, tokens: issued };
}

export function holdingsOf(db: Database, userId: number) {
  return db
    .select({ holding: tokenHoldings, name: tokens.name, symbol: tokens.symbol })
    .from(tokenHoldings)
    .innerJoin(tokens, eq(tokens.id, tokenHoldings.tokenId))
    .where(and(eq(tokenHoldings.userId, userId), gt(tokenHoldings.quantity, 0)))
    .orderBy(asc(tokenHoldings.tokenId));
}

/** Every transfer that names the user, oldest first, with the token's name. */
export function transfersOf(db: Database, userId: number) {
  return db
    .select({ transfer: ledgerTransfers, tokenName: tokens.name })
    .from(ledgerTransfers)
    .leftJoin(tokens, eq(tokens.id, ledgerTransfers.tokenId))
    .where(eq(ledgerTransfers.userId, userId))
    .orderBy(asc(ledgerTransfers.id));
}

export function chargesOf(db: Database, userId: number) {
  return db
    .select()
    .from(pixCharges)
    .where(eq(pixCharges.userId, userId))
    .orderBy(asc(pixCharges.createdAt));
}

export function withdrawalsOf(db: Database, userId: number) {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(asc(withdrawals.id));
}

/** Administrators' acts aimed at this account. */
export function auditAbout(db: Database, userId: number) {
  return db
    .select({
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, userId)))
    .orderBy(asc(adminAuditLog.id));
}

export async function sessionsOf(db: Database, userId: number, now: Date) {
  const [row] = await db
    .select({
      active:
        sql<number>`count(*) filter (where ${refreshTokens.rotatedAt} is null and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > ${now})`.mapWith(
          Number,
        ),
      lastLogin: max(refreshTokens.createdAt),
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId));
  return { active: row?.active ?? 0, lastLogin: row?.lastLogin ?? null };
}

export async function countRequestedWithdrawals(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'requested')));
  return row?.n ?? 0;
}

export async function countOpenCharges(db: Database, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.userId, userId),
        eq(pixCharges.status, 'pending'),
        gt(pixCharges.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

const paidInstallments = sql`(select count(*) from ${installmentPayments} where ${installmentPayments.tokenId} = ${tokens.id})`;

/**
 * Holdings whose investment contract still runs: the offer is open (funding or sold out, not yet
 * closed) or distributing with installments still to pay.
 */
export async function countRunningHoldings(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tokenHoldings)
    .innerJoin(tokens, eq(tokens.id, tokenHoldings.tokenId))
    .where(
      and(
        eq(tokenHoldings.userId, userId),
        gt(tokenHoldings.quantity, 0),
        or(
          inArray(tokens.offerStatus, ['funding', 'all_sold']),
          and(
            eq(tokens.offerStatus, 'distributing'),
            sql`${paidInstallments} < ${tokens.installments}`,
          ),
        ),
      ),
    );
  return row?.n ?? 0;
}

export async function countIssuedTokensOfCreator(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tokens)
    .innerJoin(tokenIssuers, eq(tokenIssuers.id, tokens.issuerId))
    .where(and(eq(tokenIssuers.userId, userId), eq(tokens.status, 'issued')));
  return row?.n ?? 0;
}

/**
 * Replaces every personal field with a placeholder derived from the id alone, makes the password
 * unusable, clears the TOTP secret and every role, and ends every session at once.
 */
export async function anonymize(
  db: Database,
  userId: number,
  placeholders: { email: string },
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      name: 'Conta encerrada',
      email: placeholders.email,
      cpfCnpj: null,
      birthDate: null,
      cpfCnpjEnc: null,
      cpfCnpjHash: null,
      birthDateEnc: null,
      // Not an argon2 hash: verification always fails.
      passwordHash: '!encerrada',
      isConfirmedEmail: false,
      isTwoFactorAuthentication: false,
      isAdmin: false,
      isTokenCreator: false,
      isProjectManager: false,
      intentionTokenCreator: false,
      intentionProjectManager: false,
      totpSecretEnc: null,
      totpLastStep: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      closedAt: at,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await db
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
  // Recovery codes and login challenges are credentials, not records: they go with the codes.
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  // Mailed codes are hashes of one-time secrets, not records: they go.
  await db.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
}
