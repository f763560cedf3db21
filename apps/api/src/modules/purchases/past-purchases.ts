import type { Database } from '@copaiba/db';
import { accounts, transfer } from '../ledger/ledger.ts';
import * as repo from './purchases.repo.ts';

/**
 * A purchase written as history, in the caller's transaction: the price from the wallet to the
 * offer's escrow, the units into the holding and the price into its worth (holding-values.sql) and
 * into the buyer's year (investor.sql), without the offer's checks (the demo seed and the soak's
 * setup of offers that have already closed). The price is the units at the token's unit price. The
 * caller updates the token's figures. Throws InsufficientFunds when the wallet is short.
 * `at` is when it happened, whose year's total it joins (the transaction's own time by default).
 */
export async function recordPastPurchase(
  tx: Database,
  purchase: {
    key: string;
    userId: number;
    tokenId: number;
    quantity: number;
    amountCents: bigint;
    at?: Date;
  },
): Promise<void> {
  const { key, userId, tokenId, quantity, amountCents, at } = purchase;
  await transfer(tx, {
    key,
    kind: 'purchase',
    from: accounts.wallet(userId),
    to: accounts.escrow(tokenId),
    amountCents,
    userId,
    tokenId,
    quantity,
  });
  await repo.addHolding(tx, { userId, tokenId, quantity, worthCents: amountCents });
  await repo.countAnnualInvestment(tx, userId, amountCents, at);
}
