import { pixCharges, type Database } from '@copaiba/db';
import { and, eq, lte } from 'drizzle-orm';

/**
 * Marks pending charges past their expiry as expired; returns their txids. A confirmation that
 * still arrives for one is credited all the same (the money did arrive): see the webhook service.
 */
export async function expireCharges(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .update(pixCharges)
    .set({ status: 'expired' })
    .where(and(eq(pixCharges.status, 'pending'), lte(pixCharges.expiresAt, now)))
    .returning({ txid: pixCharges.txid });
  return rows.map((r) => r.txid);
}
