import { chainJobs, ledgerTransfers, tokens, type ChainJobKind, type Database } from '@copaiba/db';
import { and, eq, inArray, sql } from 'drizzle-orm';

/**
 * Writes an on-chain operation to the outbox inside the caller's transaction, so it commits or
 * rolls back with the ledger movement it mirrors. `transferKeys` are the idempotency keys of the
 * ledger transfers the job records; their statement rows show its transaction. One statement: the
 * database's chain_record numbers the job from the token row's counter, under that row's lock, so
 * the jobs of one token are numbered in commit order (purchases take it in buy_tokens).
 */
export async function recordOnChain(
  tx: Database,
  job: { tokenId: number; kind: ChainJobKind; installment?: number; transferKeys?: string[] },
): Promise<void> {
  const keys = job.transferKeys ?? [];
  if (job.kind !== 'deploy' && keys.length === 0) return;
  await tx.execute(
    sql`select chain_record(${job.tokenId}::bigint, ${job.kind}::text, ${job.installment ?? null}::integer, ${sql.param(keys)}::text[])`,
  );
}

/**
 * The outbox's backlog for the metrics: jobs not yet mined (pending or sent) and how long the
 * oldest has waited, by the database's clock.
 */
export async function outboxBacklog(
  db: Database,
): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      depth: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${chainJobs.createdAt})), 0)::float8`,
    })
    .from(chainJobs)
    .where(inArray(chainJobs.status, ['pending', 'sent']));
  return row ?? { depth: 0, oldestAgeSeconds: 0 };
}

const MIRRORED: Record<string, ChainJobKind> = {
  purchase: 'mint',
  desistencia: 'burn',
  refund: 'burn',
  remuneration: 'remunerate',
  // A board purchase's two lines, buyer's and seller's: one transfer (chain-worker.ts pairs them).
  market_purchase: 'transfer',
  market_sale: 'transfer',
};

/**
 * Issued tokens with no chain job at all (issued before a chain was configured, or seeded): their
 * contract is deployed and their history replayed in ledger order, one job per run of purchases,
 * of refunds, of board purchases, or of one installment's payments. Returns how many tokens were caught up.
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
            inArray(ledgerTransfers.kind, [
              'purchase',
              'desistencia',
              'refund',
              'remuneration',
              'market_purchase',
              'market_sale',
            ]),
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
