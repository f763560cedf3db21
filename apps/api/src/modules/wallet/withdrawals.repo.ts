import { withdrawals, type Database } from '@copaiba/db';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';

/** The request pays out at once; the retry job only takes over if that never finishes. */
const FIRST_RETRY_AFTER_MS = 2 * 60_000;

export async function insertWithdrawal(
  db: Database,
  row: { userId: number; amountCents: bigint; keyPix: string },
  now: Date,
) {
  const [created] = await db
    .insert(withdrawals)
    .values({
      ...row,
      payoutAttempts: 1,
      nextPayoutAt: new Date(now.getTime() + FIRST_RETRY_AFTER_MS),
    })
    .returning();
  return created!;
}

export async function withdrawalStatus(db: Database, id: number) {
  const [row] = await db
    .select({ status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  return row?.status;
}

/**
 * Claims up to `limit` requested withdrawals whose payout is due for another attempt and pushes
 * their next attempt back (2, 4, 8… up to 60 minutes), so another instance does not take them.
 */
export async function claimDuePayouts(db: Database, now: Date, limit: number) {
  const due = db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'requested'), lte(withdrawals.nextPayoutAt, now)))
    .orderBy(withdrawals.nextPayoutAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(withdrawals)
    .set({
      payoutAttempts: sql`${withdrawals.payoutAttempts} + 1`,
      nextPayoutAt: sql`${now.toISOString()}::timestamptz + make_interval(mins => least(power(2, ${withdrawals.payoutAttempts} + 1)::int, 60))`,
    })
    .where(inArray(withdrawals.id, due))
    .returning();
}

/** Settles a requested withdrawal once; false when it was already settled. */
export async function settleWithdrawal(
  db: Database,
  id: number,
  outcome: { status: 'paid' | 'failed'; providerReference?: string; failureReason?: string },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(withdrawals)
    .set({ ...outcome, settledAt: at })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'requested')))
    .returning({ id: withdrawals.id });
  return rows.length === 1;
}
