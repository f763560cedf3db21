import { withdrawals, type Database } from '@copaiba/db';
import { and, eq } from 'drizzle-orm';

export async function insertWithdrawal(
  db: Database,
  row: { userId: number; amountCents: bigint; keyPix: string },
) {
  const [created] = await db.insert(withdrawals).values(row).returning();
  return created!;
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
