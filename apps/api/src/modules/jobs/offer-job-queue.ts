import { offerJobQueue, type Database, type OfferJobKind } from '@copaiba/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sqlRows } from '../../lib/sql-rows.ts';

/**
 * Holders served per transaction by the closing and payout jobs: each batch holds its holders'
 * wallets, and the escrow or the issuer's funding account, for a few hundred transfers, never for
 * the whole job (packages/db/src/sql/offer-jobs.sql).
 */
export const OFFER_JOB_BATCH_SIZE = 500;

/** How the offer jobs serve their queues (closeDueOffers, payDueInstallments). */
export interface OfferJobOptions {
  /** Holders per transaction (OFFER_JOB_BATCH_SIZE by default). */
  batchSize?: number;
  /**
   * Called after each batch has committed: the tests' way to act between two batches (a purchase
   * elsewhere, a crash thrown there), the bench's to watch the job's progress.
   */
  afterBatch?: (batch: { job: QueuedJob; served: number }) => Promise<void> | void;
}

export interface QueuedJob {
  tokenId: number;
  kind: OfferJobKind;
  installment: number;
}

/** The jobs with holders still to serve, of these kinds: a crashed run's, or another process's. */
export async function queuedJobs(db: Database, kinds: OfferJobKind[]): Promise<QueuedJob[]> {
  return db
    .selectDistinct({
      tokenId: offerJobQueue.tokenId,
      kind: offerJobQueue.kind,
      installment: offerJobQueue.installment,
    })
    .from(offerJobQueue)
    .where(inArray(offerJobQueue.kind, kinds))
    .orderBy(offerJobQueue.tokenId, offerJobQueue.installment);
}

/**
 * Serves the job's queue in batches of `batchSize` holders, each batch its own transaction, until
 * nothing is left that another process is not serving. Returns how many holders this call served.
 */
export async function serveQueuedJob(
  db: Database,
  job: QueuedJob,
  { batchSize = OFFER_JOB_BATCH_SIZE, afterBatch }: OfferJobOptions = {},
): Promise<number> {
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new Error('batchSize must be ≥ 1');
  let served = 0;
  for (;;) {
    const [row] = await sqlRows<{ n: number }>(
      db,
      sql`select offer_job_serve(${job.tokenId}::bigint, ${job.kind}::text, ${job.installment}::integer, ${batchSize}::integer) as n`,
    );
    const n = row?.n ?? 0;
    if (n === 0) return served;
    served += n;
    await afterBatch?.({ job, served: n });
  }
}

/** Whether the job still has holders to serve (in batches of any process). */
export async function jobPending(db: Database, job: QueuedJob): Promise<boolean> {
  const [row] = await db
    .select({ userId: offerJobQueue.userId })
    .from(offerJobQueue)
    .where(
      and(
        eq(offerJobQueue.tokenId, job.tokenId),
        eq(offerJobQueue.kind, job.kind),
        eq(offerJobQueue.installment, job.installment),
      ),
    )
    .limit(1);
  return row !== undefined;
}
