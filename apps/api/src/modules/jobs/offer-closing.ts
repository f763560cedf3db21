import { todayInSaoPaulo } from '@copaiba/contracts';
import { ledgerTransfers, tokenHoldings, tokens, type Database } from '@copaiba/db';
import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { installmentAmountsPerUnit } from '../catalogue/token-figures.ts';
import { recordOnChain } from '../chain/outbox.ts';
import { accounts, balanceOf, transfer } from '../ledger/ledger.ts';
import { locks } from '../locks/locks.ts';
import { recordNotification } from '../notifications/notifications.service.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';

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
 * payable account and the token distributes; otherwise every buyer is refunded from the escrow and
 * the offer fails. Each token closes in its own transaction.
 */
export async function closeDueOffers(
  db: Database,
  now: Date,
  { desistenciaDays }: { desistenciaDays: number },
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
    const outcome = await db.transaction((tx) => closeOffer(tx, id, today, undoableSince));
    if (outcome) report[outcome].push(id);
  }
  if (due.length > 0) catalogueChanged();
  return report;
}

async function closeOffer(
  tx: Database,
  tokenId: number,
  today: string,
  undoableSince: Date | null,
): Promise<keyof ClosingReport | null> {
  // Purchases and desistências in flight finish first and new ones wait, so nothing below
  // changes under the job; a second instance waits here, then finds the offer closed. Then the
  // locks in their order: the buyers' wallets, their holdings and years' totals, the issuer's
  // account, the escrow, the token (docs/ARCHITECTURE.md).
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
    for (const holder of await holdersOf(tx, tokenId)) {
      await recordNotification(tx, holder.userId, {
        kind: 'offer_succeeded',
        data: {
          ...tokenRef(token),
          quantity: holder.quantity,
          total_to_receive_cents: Number(perUnit * BigInt(holder.quantity)),
          installments: token.installments,
          first_installment_date: token.firstDateInstallment,
        },
      });
    }
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
  // What the buyers paid for this offer no longer counts in their annual limits.
  await tx.execute(sql`select uncount_failed_offer(${tokenId}::bigint)`);
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
    await recordNotification(tx, buyer.userId, {
      kind: 'offer_failed',
      data: {
        ...tokenRef(token),
        quantity: buyer.quantity,
        refunded_cents: Number(buyer.paidCents),
      },
    });
  }
  const left = await balanceOf(tx, accounts.escrow(tokenId));
  if (left !== 0n) throw new Error(`escrow of token ${tokenId} holds ${left} after refunds`);
  await recordOnChain(tx, { tokenId, kind: 'burn', transferKeys: refunds });
  await tx.update(tokens).set({ offerStatus: 'failed' }).where(eq(tokens.id, tokenId));
  return 'failed';
}

const tokenRef = (token: TokenRow) => ({
  token_id: token.id,
  token_name: token.name,
  token_symbol: token.symbol,
});

/** Who holds units of the token, and how many, by user id. */
const holdersOf = (tx: Database, tokenId: number) =>
  tx
    .select({ userId: tokenHoldings.userId, quantity: tokenHoldings.quantity })
    .from(tokenHoldings)
    .where(and(eq(tokenHoldings.tokenId, tokenId), gt(tokenHoldings.quantity, 0)))
    .orderBy(tokenHoldings.userId);

/** Each holder's units and what they paid for them: the ledger's purchases less desistências. */
async function paidByBuyer(tx: Database, tokenId: number) {
  const holdings = await holdersOf(tx, tokenId);
  const paid = await tx
    .select({
      userId: ledgerTransfers.userId,
      total: sql<string>`sum(case when ${ledgerTransfers.kind} = 'purchase'
        then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end)`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        inArray(ledgerTransfers.kind, ['purchase', 'desistencia']),
        eq(ledgerTransfers.tokenId, tokenId),
      ),
    )
    .groupBy(ledgerTransfers.userId);
  const paidBy = new Map(paid.map((p) => [p.userId, BigInt(p.total)]));
  return holdings
    .map((h) => ({ ...h, paidCents: paidBy.get(h.userId) ?? 0n }))
    .filter((h) => h.paidCents > 0n);
}
