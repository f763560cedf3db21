import { todayInSaoPaulo } from '@copaiba/contracts';
import { installmentPayments, tokenHoldings, tokens, type Database } from '@copaiba/db';
import { and, eq, gt } from 'drizzle-orm';
import { installmentAmountsPerUnit, installmentDates } from '../catalogue/token-figures.ts';
import { recordOnChain } from '../chain/outbox.ts';
import { accounts, transfer } from '../ledger/ledger.ts';
import { locks } from '../locks/locks.ts';
import { recordNotification } from '../notifications/notifications.service.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';

export interface PaidInstallment {
  tokenId: number;
  installmentNumber: number;
  totalCents: bigint;
  holders: number;
}

/**
 * Pays every installment that is due (its date reached in São Paulo) and not yet paid, oldest
 * first: each holder's wallet is credited units × the per-unit amount from the token's issuer
 * funding account (statement type Remuneração). One transaction per installment; the
 * installment's row is claimed first, so a second instance or a rerun pays nothing twice.
 */
export async function payDueInstallments(db: Database, now: Date): Promise<PaidInstallment[]> {
  const today = todayInSaoPaulo(now);
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
      const result = await db.transaction((tx) =>
        payInstallment(tx, { token, number: i + 1, dueDate, perUnit: perUnit[i]! }, now),
      );
      if (result) paid.push(result);
    }
  }
  if (paid.length > 0) catalogueChanged();
  return paid;
}

async function payInstallment(
  tx: Database,
  installment: {
    token: Pick<typeof tokens.$inferSelect, 'id' | 'name' | 'symbol' | 'installments'>;
    number: number;
    dueDate: string;
    perUnit: bigint;
  },
  now: Date,
): Promise<PaidInstallment | null> {
  const { token, number } = installment;
  const tokenId = token.id;
  // No board purchase of the token in flight while its holders are read and paid (locks.sql).
  await locks.offerForPayout(tx, tokenId);
  const [claimed] = await tx
    .insert(installmentPayments)
    .values({
      tokenId,
      installmentNumber: number,
      dueDate: installment.dueDate,
      totalCents: 0n,
      holders: 0,
      paidAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return null;
  const holders = await tx
    .select({ userId: tokenHoldings.userId, quantity: tokenHoldings.quantity })
    .from(tokenHoldings)
    .where(and(eq(tokenHoldings.tokenId, tokenId), gt(tokenHoldings.quantity, 0)))
    .orderBy(tokenHoldings.userId);
  // The holders' wallets first, in the order every transaction takes them (docs/ARCHITECTURE.md).
  await locks.wallets(
    tx,
    holders.map((h) => h.userId),
  );
  let totalCents = 0n;
  const paid: string[] = [];
  for (const holder of holders) {
    const amountCents = BigInt(holder.quantity) * installment.perUnit;
    if (amountCents === 0n) continue;
    paid.push(`remuneration:${tokenId}:${number}:${holder.userId}`);
    await transfer(tx, {
      key: paid.at(-1)!,
      kind: 'remuneration',
      from: accounts.issuerFunding(tokenId),
      to: accounts.wallet(holder.userId),
      amountCents,
      userId: holder.userId,
      tokenId,
      quantity: holder.quantity,
      reference: String(number),
    });
    // Each holder hears of the amount, in the payment's transaction (docs/product.md §16).
    await recordNotification(tx, holder.userId, {
      kind: 'installment_paid',
      data: {
        token_id: tokenId,
        token_name: token.name,
        token_symbol: token.symbol,
        installment: number,
        installments: token.installments,
        quantity: holder.quantity,
        amount_cents: Number(amountCents),
      },
    });
    totalCents += amountCents;
  }
  await recordOnChain(tx, { tokenId, kind: 'remunerate', installment: number, transferKeys: paid });
  await tx
    .update(installmentPayments)
    .set({ totalCents, holders: holders.length })
    .where(
      and(
        eq(installmentPayments.tokenId, tokenId),
        eq(installmentPayments.installmentNumber, number),
      ),
    );
  return { tokenId, installmentNumber: number, totalCents, holders: holders.length };
}
