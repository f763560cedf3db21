import { todayInSaoPaulo } from '@copaiba/contracts';
import { installmentPayments, tokens, type Database } from '@copaiba/db';
import { eq, sql } from 'drizzle-orm';
import { installmentAmountsPerUnit, installmentDates } from '../catalogue/token-figures.ts';
import { locks } from '../locks/locks.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';
import { sqlRows } from '../../lib/sql-rows.ts';
import { queuedJobs, serveQueuedJob, type OfferJobOptions } from './offer-job-queue.ts';

export interface PaidInstallment {
  tokenId: number;
  installmentNumber: number;
  totalCents: bigint;
  holders: number;
}

/**
 * Pays every installment that is due (its date reached in São Paulo) and not yet paid, oldest
 * first: each holder's wallet is credited units × the per-unit amount from the token's issuer
 * funding account (statement type Remuneração). An installment is claimed in a short transaction
 * of its own, which queues what each holder is owed for the units held at that moment, so a second
 * instance or a rerun claims nothing twice; the queue is then served `batchSize` holders per
 * transaction (offer-job-queue.ts), here and for any payout a crashed run left half served.
 */
export async function payDueInstallments(
  db: Database,
  now: Date,
  options: OfferJobOptions = {},
): Promise<PaidInstallment[]> {
  const today = todayInSaoPaulo(now);
  for (const job of await queuedJobs(db, ['remuneration'])) await serveQueuedJob(db, job, options);
  const distributing = await db.select().from(tokens).where(eq(tokens.offerStatus, 'distributing'));
  const paid: PaidInstallment[] = [];
  for (const token of distributing) {
    const done = new Set(
      (
        await db
          .select({ n: installmentPayments.installmentNumber })
          .from(installmentPayments)
          .where(eq(installmentPayments.tokenId, token.id))
      ).map((r) => r.n),
    );
    const perUnit = installmentAmountsPerUnit(token);
    const dates = installmentDates(token);
    for (const [i, dueDate] of dates.entries()) {
      if (dueDate > today) break;
      if (done.has(i + 1)) continue;
      const installment = { tokenId: token.id, number: i + 1, dueDate, perUnit: perUnit[i]! };
      const claimed = await db.transaction((tx) => claimInstallment(tx, installment, now));
      if (!claimed) continue;
      // Shown as paid ('pago') from the claim: the catalogue's schedule counts claimed rows.
      catalogueChanged();
      paid.push(claimed);
      await serveQueuedJob(
        db,
        { tokenId: token.id, kind: 'remuneration', installment: installment.number },
        options,
      );
    }
  }
  return paid;
}

/**
 * Claims the installment and queues each holder's remuneration. The token's lock, exclusive, so
 * no board purchase of it is in flight while the holdings are read (locks.sql); purchases that
 * come later wait for this transaction only, not for the payments.
 */
async function claimInstallment(
  tx: Database,
  installment: { tokenId: number; number: number; dueDate: string; perUnit: bigint },
  now: Date,
): Promise<PaidInstallment | null> {
  const { tokenId, number } = installment;
  await locks.offerForPayout(tx, tokenId);
  const [row] = await sqlRows<{ claimed: boolean; holders: number | null; total_cents: string }>(
    tx,
    sql`select * from offer_job_enqueue_installment(${tokenId}::bigint, ${number}::integer,
      ${installment.dueDate}::date, ${installment.perUnit}::bigint, ${now.toISOString()}::timestamptz)`,
  );
  if (!row?.claimed) return null;
  return {
    tokenId,
    installmentNumber: number,
    totalCents: BigInt(row.total_cents),
    holders: row.holders ?? 0,
  };
}
