import { todayInSaoPaulo } from '@copaiba/contracts';
import { tokens, type Database } from '@copaiba/db';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { installmentAmountsPerUnit } from '../catalogue/token-figures.ts';
import { accounts, balanceOf, transfer } from '../ledger/ledger.ts';
import { locks } from '../locks/locks.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';
import { jobPending, queuedJobs, serveQueuedJob, type OfferJobOptions } from './offer-job-queue.ts';

export interface ClosingReport {
  succeeded: number[];
  failed: number[];
}

type TokenRow = typeof tokens.$inferSelect;

/**
 * An offer closes once it is sold out or past its funding deadline (São Paulo) and no purchase of
 * it can still be undone: its latest purchase is older than the desistência window (docs/product.md
 * §4, §15). With no window (DESISTENCIA_DAYS=0) a sold-out offer closes at once.
 */
function isDue(
  token: Pick<TokenRow, 'offerStatus' | 'deadlineForFunding' | 'lastPurchaseAt'>,
  today: string,
  undoableSince: Date | null,
): boolean {
  const open = token.offerStatus === 'funding' || token.offerStatus === 'all_sold';
  const ended = token.offerStatus === 'all_sold' || token.deadlineForFunding < today;
  const settled =
    undoableSince === null || !token.lastPurchaseAt || token.lastPurchaseAt <= undoableSince;
  return open && ended && settled;
}

/**
 * Closes every offer that is due (isDue): raised ≥ minimum → the escrow goes to the issuer's
 * payable account and the token distributes; otherwise the offer fails and every buyer is
 * refunded from the escrow. Each offer is decided in a short transaction of its own, which changes
 * its status (no purchase or desistência of it is accepted after that) and queues what each holder
 * is owed; the queue is then served `batchSize` holders per transaction (offer-job-queue.ts), here
 * and for any closing a crashed run left half served.
 */
export async function closeDueOffers(
  db: Database,
  now: Date,
  { desistenciaDays, ...options }: { desistenciaDays: number } & OfferJobOptions,
): Promise<ClosingReport> {
  const today = todayInSaoPaulo(now);
  // Purchases made after this instant may still be undone.
  const undoableSince =
    desistenciaDays > 0 ? new Date(now.getTime() - desistenciaDays * 86_400_000) : null;
  const due = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.status, 'issued'),
        inArray(tokens.offerStatus, ['funding', 'all_sold']),
        or(eq(tokens.offerStatus, 'all_sold'), lt(tokens.deadlineForFunding, today)),
        undoableSince
          ? or(isNull(tokens.lastPurchaseAt), lte(tokens.lastPurchaseAt, undoableSince))
          : undefined,
      ),
    );
  const report: ClosingReport = { succeeded: [], failed: [] };
  for (const { id } of due) {
    const outcome = await db.transaction((tx) => decideOffer(tx, id, today, undoableSince));
    if (outcome) report[outcome].push(id);
  }
  if (report.succeeded.length + report.failed.length > 0) catalogueChanged();
  for (const job of await queuedJobs(db, ['refund', 'offer_succeeded'])) {
    await serveQueuedJob(db, job, options);
    if (job.kind === 'refund' && !(await jobPending(db, job))) {
      const left = await balanceOf(db, accounts.escrow(job.tokenId));
      if (left !== 0n)
        throw new Error(`escrow of token ${job.tokenId} holds ${left} after refunds`);
    }
  }
  return report;
}

/**
 * Decides a due offer and queues its holders, in one transaction. Purchases and desistências in
 * flight finish first and new ones wait (the offer's lock, exclusive), then find it closed; a
 * second instance waits here, then finds it no longer due. Then, in the order of
 * docs/ARCHITECTURE.md: the issuer's account, the escrow, the token.
 */
async function decideOffer(
  tx: Database,
  tokenId: number,
  today: string,
  undoableSince: Date | null,
): Promise<keyof ClosingReport | null> {
  await locks.offerForClosing(tx, tokenId);
  const [token] = await tx.select().from(tokens).where(eq(tokens.id, tokenId));
  if (!token || !isDue(token, today, undoableSince)) return null;

  if (token.amountCapitatedCents >= token.minimumAmountRaisedCents) {
    const raised = await balanceOf(tx, accounts.escrow(tokenId));
    if (raised > 0n) {
      await transfer(tx, {
        key: `offer-settlement:${tokenId}`,
        kind: 'offer_settlement',
        from: accounts.escrow(tokenId),
        to: accounts.issuerPayable(tokenId),
        amountCents: raised,
        tokenId,
        reference: token.symbol,
      });
    }
    await tx.update(tokens).set({ offerStatus: 'distributing' }).where(eq(tokens.id, tokenId));
    // Every holder hears of it with the schedule their units follow (docs/product.md §16).
    const perUnit = installmentAmountsPerUnit(token).reduce((sum, cents) => sum + cents, 0n);
    await enqueueClosing(tx, tokenId, 'offer_succeeded', perUnit);
    return 'succeeded';
  }

  // Each buyer gets back what they paid (purchases less desistências), batch by batch.
  await tx.update(tokens).set({ offerStatus: 'failed' }).where(eq(tokens.id, tokenId));
  await enqueueClosing(tx, tokenId, 'refund', 0n);
  return 'failed';
}

const enqueueClosing = (
  tx: Database,
  tokenId: number,
  kind: 'refund' | 'offer_succeeded',
  totalPerUnitCents: bigint,
) =>
  tx.execute(
    sql`select offer_job_enqueue_closing(${tokenId}::bigint, ${kind}::text, ${totalPerUnitCents}::bigint)`,
  );
