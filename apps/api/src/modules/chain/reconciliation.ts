import {
  chainJobs,
  chainJobTransfers,
  chainReconciliations,
  chainWallets,
  ledgerTransfers,
  tokenHoldings,
  tokens,
  type Database,
} from '@copaiba/db';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { getAddress, type Address, type Hex } from 'viem';
import type { ChainClient } from './chain-client.ts';
import { tokenAbi } from './contract.ts';

export type ReconciliationStatus = 'ok' | 'pendente' | 'divergente';

export interface HolderDifference {
  address: string | null;
  ledger: number;
  on_chain: number;
}

export interface Reconciliation {
  token_id: number;
  status: ReconciliationStatus;
  /** Null until the contract's deployment is mined. */
  contract_address: string | null;
  contract_url: string | null;
  block_number: number | null;
  checked_at: string;
  ledger_supply: number;
  on_chain_supply: number | null;
  /** Operations committed in the ledger and not yet mined (their effect is allowed for). */
  pending_operations: number;
  /** Operations the chain refused: their effect is missing on chain. */
  failed_operations: number;
  differences: HolderDifference[];
}

/**
 * Compares the token's on-chain balances with the ledger. The ledger's holdings and the open
 * jobs are read in one snapshot; the chain is read at one block afterwards, and an open job whose
 * transaction is already in that block counts as applied. Expected on chain = units held in the
 * ledger − mints not yet applied + burns not yet applied, and for board transfers not yet applied
 * − the buyer's units + the seller's; any other difference is a divergence.
 */
export async function reconcileToken(
  db: Database,
  client: ChainClient,
  tokenId: number,
  at: Date,
): Promise<Reconciliation> {
  const snapshot = await db.transaction(
    async (tx) => {
      const [token] = await tx
        .select({ contractAddress: tokens.contractAddress })
        .from(tokens)
        .where(eq(tokens.id, tokenId));
      const holdings = await tx
        .select({ userId: tokenHoldings.userId, quantity: tokenHoldings.quantity })
        .from(tokenHoldings)
        .where(eq(tokenHoldings.tokenId, tokenId));
      const open = await tx
        .select({
          jobId: chainJobs.id,
          kind: chainJobs.kind,
          transferKind: ledgerTransfers.kind,
          userId: ledgerTransfers.userId,
          quantity: ledgerTransfers.quantity,
        })
        .from(chainJobs)
        .innerJoin(chainJobTransfers, eq(chainJobTransfers.jobId, chainJobs.id))
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, chainJobTransfers.transferId))
        .where(and(eq(chainJobs.tokenId, tokenId), inArray(chainJobs.status, ['pending', 'sent'])));
      const counts = await tx
        .select({ id: chainJobs.id, status: chainJobs.status })
        .from(chainJobs)
        .where(
          and(
            eq(chainJobs.tokenId, tokenId),
            inArray(chainJobs.status, ['pending', 'sent', 'failed']),
          ),
        );
      return { token, holdings, open, counts };
    },
    { isolationLevel: 'repeatable read' },
  );
  const ledgerSupply = snapshot.holdings.reduce((sum, h) => sum + h.quantity, 0);
  const pending = snapshot.counts.filter((c) => c.status !== 'failed').length;
  const failed = snapshot.counts.length - pending;
  if (!snapshot.token?.contractAddress) {
    return {
      token_id: tokenId,
      status: 'pendente',
      contract_address: null,
      contract_url: null,
      block_number: null,
      checked_at: at.toISOString(),
      ledger_supply: ledgerSupply,
      on_chain_supply: null,
      pending_operations: pending,
      failed_operations: failed,
      differences: [],
    };
  }
  const contract = getAddress(snapshot.token.contractAddress);

  const userIds = [...new Set([...snapshot.holdings, ...snapshot.open].map((r) => r.userId!))];
  const wallets = userIds.length
    ? await db
        .select({ userId: chainWallets.userId, address: chainWallets.address })
        .from(chainWallets)
        .where(inArray(chainWallets.userId, userIds))
    : [];
  const addressOf = new Map(wallets.map((w) => [w.userId, getAddress(w.address)]));

  const blockNumber = await client.public.getBlockNumber({ cacheTime: 0 });
  const supplyAt = () =>
    client.public.readContract({
      address: contract,
      abi: tokenAbi,
      functionName: 'totalSupply',
      blockNumber,
    });
  const balanceAt = (holder: Address) =>
    client.public.readContract({
      address: contract,
      abi: tokenAbi,
      functionName: 'balanceOf',
      args: [holder],
      blockNumber,
    });
  const onChainSupply = await supplyAt();

  const openJobIds = [...new Set(snapshot.open.map((o) => o.jobId))];
  const hashes = openJobIds.length
    ? await db
        .select({ id: chainJobs.id, txHash: chainJobs.txHash })
        .from(chainJobs)
        .where(and(inArray(chainJobs.id, openJobIds), isNotNull(chainJobs.txHash)))
    : [];
  const applied = new Set<number>();
  for (const { id, txHash } of hashes) {
    const receipt = await client.public
      .getTransactionReceipt({ hash: txHash as Hex })
      .catch(() => null);
    if (receipt?.status === 'success' && receipt.blockNumber <= blockNumber) applied.add(id);
  }

  const ledger = new Map<number, number>();
  const expected = new Map<number, number>();
  for (const h of snapshot.holdings) {
    ledger.set(h.userId, h.quantity);
    expected.set(h.userId, h.quantity);
  }
  for (const o of snapshot.open) {
    if (applied.has(o.jobId) || o.kind === 'remunerate') continue;
    // Not yet on chain: a mint's or a board buyer's units are still to arrive there, a burn's or
    // a board seller's still to leave.
    const arriving = o.kind === 'mint' || o.transferKind === 'market_purchase';
    const leaving = o.kind === 'burn' || o.transferKind === 'market_sale';
    const sign = arriving ? -1 : leaving ? 1 : 0;
    expected.set(o.userId!, (expected.get(o.userId!) ?? 0) + sign * (o.quantity ?? 0));
  }

  const differences: HolderDifference[] = [];
  let expectedSupply = 0;
  for (const [userId, units] of expected) {
    expectedSupply += units;
    const address = addressOf.get(userId) ?? null;
    const onChain = address ? Number(await balanceAt(address)) : 0;
    if (onChain !== units) {
      differences.push({ address, ledger: ledger.get(userId) ?? 0, on_chain: onChain });
    }
  }
  const supplyMatches = BigInt(expectedSupply) === onChainSupply;
  const status: ReconciliationStatus =
    differences.length > 0 || !supplyMatches || failed > 0
      ? 'divergente'
      : pending > 0
        ? 'pendente'
        : 'ok';
  return {
    token_id: tokenId,
    status,
    contract_address: contract,
    contract_url: client.explorer.address(contract),
    block_number: Number(blockNumber),
    checked_at: at.toISOString(),
    ledger_supply: ledgerSupply,
    on_chain_supply: Number(onChainSupply),
    pending_operations: pending,
    failed_operations: failed,
    differences,
  };
}

/** Stores a check as the token's latest and alerts (error log) on a divergence. */
export async function recordReconciliation(
  db: Database,
  log: FastifyBaseLogger,
  result: Reconciliation,
) {
  if (result.status === 'divergente') {
    log.error(
      { tokenId: result.token_id, differences: result.differences, ...supplyOf(result) },
      'on-chain balances differ from the ledger',
    );
  }
  const row = {
    tokenId: result.token_id,
    status: result.status,
    result: result as unknown as Record<string, unknown>,
    checkedAt: new Date(result.checked_at),
  };
  await db
    .insert(chainReconciliations)
    .values(row)
    .onConflictDoUpdate({ target: chainReconciliations.tokenId, set: row });
}

const supplyOf = (r: Reconciliation) => ({
  ledgerSupply: r.ledger_supply,
  onChainSupply: r.on_chain_supply,
  failedOperations: r.failed_operations,
});

/**
 * What the latest checks stored, for the metrics: how many tokens are in each status, and how many
 * holders' on-chain balances differ from the ledger, summed over the tokens.
 */
export async function reconciliationSummary(
  db: Database,
): Promise<{ tokens: Record<ReconciliationStatus, number>; differences: number }> {
  const rows = await db
    .select({
      status: chainReconciliations.status,
      tokens: sql<number>`count(*)::int`,
      differences: sql<number>`coalesce(sum(jsonb_array_length(${chainReconciliations.result} -> 'differences')), 0)::int`,
    })
    .from(chainReconciliations)
    .groupBy(chainReconciliations.status);
  const tokens: Record<ReconciliationStatus, number> = { ok: 0, pendente: 0, divergente: 0 };
  let differences = 0;
  for (const row of rows) {
    tokens[row.status] = row.tokens;
    differences += row.differences;
  }
  return { tokens, differences };
}

/** The scheduled job: checks every token with a contract; returns the ones that diverge. */
export async function reconcileAll(
  db: Database,
  client: ChainClient,
  log: FastifyBaseLogger,
  at: Date,
): Promise<number[]> {
  const deployed = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(isNotNull(tokens.contractAddress))
    .orderBy(tokens.id);
  const diverging: number[] = [];
  for (const { id } of deployed) {
    const result = await reconcileToken(db, client, id, at);
    await recordReconciliation(db, log, result);
    if (result.status === 'divergente') diverging.push(id);
  }
  return diverging;
}
