import {
  chainJobs,
  chainJobTransfers,
  ledgerTransfers,
  tokens,
  type ChainJobKind,
  type Database,
} from '@copaiba/db';
import { and, eq, inArray, sql } from 'drizzle-orm';

/**
 * Writes an on-chain operation to the outbox inside the caller's transaction, so it commits or
 * rolls back with the ledger movement it mirrors. `transferKeys` are the idempotency keys of the
 * ledger transfers the job records; their statement rows show its transaction.
 */
export async function recordOnChain(
  tx: Database,
  job: { tokenId: number; kind: ChainJobKind; installment?: number; transferKeys?: string[] },
): Promise<void> {
  const keys = job.transferKeys ?? [];
  if (job.kind !== 'deploy' && keys.length === 0) return;
  // The token row's lock orders the jobs of one token: sequence numbers follow commit order. NO KEY
  // UPDATE, the lock an UPDATE of the row takes, so foreign-key checks of other transactions
  // (which share the key) are not waited on.
  await tx.execute(
    sql`select 1 from ${tokens} where ${tokens.id} = ${job.tokenId} for no key update`,
  );
  const [last] = await tx
    .select({
      seq: sql<number>`coalesce(max(${chainJobs.seq}), 0)::int`,
      deploys: sql<number>`count(*) filter (where ${chainJobs.kind} = 'deploy')::int`,
    })
    .from(chainJobs)
    .where(eq(chainJobs.tokenId, job.tokenId));
  let seq = last?.seq ?? 0;
  const hasDeploy = (last?.deploys ?? 0) > 0;
  if (job.kind === 'deploy' && hasDeploy) return;
  // A token issued before the chain record existed gets its contract first.
  if (job.kind !== 'deploy' && !hasDeploy) {
    await tx.insert(chainJobs).values({ tokenId: job.tokenId, seq: ++seq, kind: 'deploy' });
  }
  const [inserted] = await tx
    .insert(chainJobs)
    .values({ tokenId: job.tokenId, seq: ++seq, kind: job.kind, installment: job.installment })
    .returning({ id: chainJobs.id });
  if (keys.length === 0) return;
  const transfers = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(
      and(inArray(ledgerTransfers.idempotencyKey, keys), eq(ledgerTransfers.tokenId, job.tokenId)),
    );
  if (transfers.length !== keys.length) {
    throw new Error(
      `chain job for token ${job.tokenId}: ${keys.length - transfers.length} transfers not found`,
    );
  }
  await tx
    .insert(chainJobTransfers)
    .values(transfers.map((t) => ({ transferId: t.id, jobId: inserted!.id })));
}

const MIRRORED: Record<string, ChainJobKind> = {
  purchase: 'mint',
  refund: 'burn',
  remuneration: 'remunerate',
};

/**
 * Issued tokens with no chain job at all (issued before a chain was configured, or seeded): their
 * contract is deployed and their history replayed in ledger order, one job per run of purchases,
 * of refunds, or of one installment's payments. Returns how many tokens were caught up.
 */
export async function recordUnrecordedTokens(db: Database): Promise<number> {
  const missing = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.status, 'issued'),
        sql`not exists (select 1 from ${chainJobs} where ${chainJobs.tokenId} = ${tokens.id})`,
      ),
    )
    .orderBy(tokens.id);
  let caughtUp = 0;
  for (const { id } of missing) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${tokens} where ${tokens.id} = ${id} for no key update`);
      const [existing] = await tx
        .select({ id: chainJobs.id })
        .from(chainJobs)
        .where(eq(chainJobs.tokenId, id))
        .limit(1);
      if (existing) return false;
      await recordOnChain(tx, { tokenId: id, kind: 'deploy' });
      const history = await tx
        .select({
          key: ledgerTransfers.idempotencyKey,
          kind: ledgerTransfers.kind,
          reference: ledgerTransfers.reference,
        })
        .from(ledgerTransfers)
        .where(
          and(
            eq(ledgerTransfers.tokenId, id),
            inArray(ledgerTransfers.kind, ['purchase', 'refund', 'remuneration']),
          ),
        )
        .orderBy(ledgerTransfers.id);
      let run: { kind: ChainJobKind; installment?: number; keys: string[] } | null = null;
      const flush = async () => {
        if (run) await recordOnChain(tx, { tokenId: id, ...run, transferKeys: run.keys });
      };
      for (const t of history) {
        const kind = MIRRORED[t.kind]!;
        const installment = kind === 'remunerate' ? Number(t.reference) : undefined;
        if (!run || run.kind !== kind || run.installment !== installment) {
          await flush();
          run = { kind, installment, keys: [] };
        }
        run.keys.push(t.key);
      }
      await flush();
      return true;
    });
    if (done) caughtUp++;
  }
  return caughtUp;
}
