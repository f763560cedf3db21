import { todayInSaoPaulo } from '@copaiba/contracts';
import { ledgerTransfers, tokenHoldings, tokens, type Database } from '@copaiba/db';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { recordOnChain } from '../chain/outbox.ts';
import { accounts, balanceOf, transfer } from '../ledger/ledger.ts';
import { locks } from '../locks/locks.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';

export interface ClosingReport {
  succeeded: number[];
  failed: number[];
}

/**
 * Closes every offer whose funding deadline has passed (in São Paulo): raised ≥ minimum → the
 * escrow goes to the issuer's payable account and the token distributes; otherwise every buyer is
 * refunded from the escrow and the offer fails. Each token closes in its own transaction.
 */
export async function closeDueOffers(db: Database, now: Date): Promise<ClosingReport> {
  const today = todayInSaoPaulo(now);
  const due = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.status, 'issued'),
        inArray(tokens.offerStatus, ['funding', 'all_sold']),
        lt(tokens.deadlineForFunding, today),
      ),
    );
  const report: ClosingReport = { succeeded: [], failed: [] };
  for (const { id } of due) {
    const outcome = await db.transaction((tx) => closeOffer(tx, id, today));
    if (outcome) report[outcome].push(id);
  }
  if (due.length > 0) catalogueChanged();
  return report;
}

async function closeOffer(
  tx: Database,
  tokenId: number,
  today: string,
): Promise<keyof ClosingReport | null> {
  // Purchases in flight finish first and new ones wait, so nothing below changes under the job;
  // a second instance waits here, then finds the offer closed. Then the locks in their order:
  // the buyers' wallets, the issuer's account, the escrow, the token (docs/ARCHITECTURE.md).
  await locks.offerForClosing(tx, tokenId);
  const [token] = await tx.select().from(tokens).where(eq(tokens.id, tokenId));
  if (
    !token ||
    (token.offerStatus !== 'funding' && token.offerStatus !== 'all_sold') ||
    token.deadlineForFunding >= today
  )
    return null;

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
    return 'succeeded';
  }

  const buyers = await paidByBuyer(tx, tokenId);
  await locks.wallets(
    tx,
    buyers.map((b) => b.userId),
  );
  await tx
    .update(tokenHoldings)
    .set({ quantity: 0, updatedAt: new Date() })
    .where(and(eq(tokenHoldings.tokenId, tokenId), gt(tokenHoldings.quantity, 0)));
  const refunds: string[] = [];
  for (const buyer of buyers) {
    refunds.push(`refund:${tokenId}:${buyer.userId}`);
    await transfer(tx, {
      key: refunds.at(-1)!,
      kind: 'refund',
      from: accounts.escrow(tokenId),
      to: accounts.wallet(buyer.userId),
      amountCents: buyer.paidCents,
      userId: buyer.userId,
      tokenId,
      quantity: buyer.quantity,
      reference: token.symbol,
    });
  }
  const left = await balanceOf(tx, accounts.escrow(tokenId));
  if (left !== 0n) throw new Error(`escrow of token ${tokenId} holds ${left} after refunds`);
  await recordOnChain(tx, { tokenId, kind: 'burn', transferKeys: refunds });
  await tx.update(tokens).set({ offerStatus: 'failed' }).where(eq(tokens.id, tokenId));
  return 'failed';
}

/** Each holder's units and what they paid for them, from the ledger's purchases. */
async function paidByBuyer(tx: Database, tokenId: number) {
  const holdings = await tx
    .select({ userId: tokenHoldings.userId, quantity: tokenHoldings.quantity })
    .from(tokenHoldings)
    .where(and(eq(tokenHoldings.tokenId, tokenId), gt(tokenHoldings.quantity, 0)))
    .orderBy(tokenHoldings.userId);
  const paid = await tx
    .select({
      userId: ledgerTransfers.userId,
      total: sql<string>`sum(${ledgerTransfers.amountCents})`,
    })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.kind, 'purchase'), eq(ledgerTransfers.tokenId, tokenId)))
    .groupBy(ledgerTransfers.userId);
  const paidBy = new Map(paid.map((p) => [p.userId, BigInt(p.total)]));
  return holdings
    .map((h) => ({ ...h, paidCents: paidBy.get(h.userId) ?? 0n }))
    .filter((h) => h.paidCents > 0n);
}
