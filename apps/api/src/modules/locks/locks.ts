import type { Database } from '@copaiba/db';
import { sql } from 'drizzle-orm';

/**
 * Every lock a money path takes, by name, in the one order a transaction takes them
 * (docs/ARCHITECTURE.md, "Locking"; the SQL side is packages/db/src/sql/locks.sql):
 *
 *   1. userMoney           one user's deposits, withdrawals and account closing
 *   2. that user's row     (two-factor steps, closing)
 *   3. offer               shared by purchases (in buy_tokens_batch), desistências (undo_purchase)
 *                          and board purchases (market_buy_batch), exclusive by offerForClosing and
 *                          offerForPayout
 *   4. the operation's own row: a Pix charge, a withdrawal, an installment's claim, a listing,
 *      the offer jobs' queue rows (offer-jobs.sql)
 *   5. wallets             by user id
 *   6. token holdings, and an investor's year's totals (investor_annual_investments)
 *   7. other ledger accounts (clearing, issuer payable and funding), by id
 *   8. offer escrows
 *   9. tokens rows         the hot rows, last
 *
 * ledger_transfer orders its two accounts by this list itself; a transaction that moves money in
 * or out of several wallets takes them all first with `wallets`.
 */
export const locks = {
  /** 1. One user's money operations, one at a time. */
  async userMoney(tx: Database, userId: number): Promise<void> {
    await tx.execute(sql`select lock_user_money(${userId}::bigint)`);
  },

  /** 3. The offer, exclusively: waits for its purchases in flight; new ones wait for the close. */
  async offerForClosing(tx: Database, tokenId: number): Promise<void> {
    await tx.execute(sql`select lock_offer_for_closing(${tokenId}::bigint)`);
  },

  /**
   * 3. A distributing token's units, exclusively: an installment's claim waits for the board
   * purchases in flight and new ones wait for it, so the holdings it queues for payment are the
   * units each holder has at that moment.
   */
  async offerForPayout(tx: Database, tokenId: number): Promise<void> {
    await tx.execute(sql`select lock_offer_for_payout(${tokenId}::bigint)`);
  },

  /** 5. These users' wallets, in the order of their ids. */
  async wallets(tx: Database, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await tx.execute(sql`select lock_wallets(${sql.param([...userIds])}::bigint[])`);
  },

  /**
   * Not a money lock, and taken alone: one person's questions in the offer forum, counted and
   * written one at a time so the hourly limit holds across processes (docs/product.md §16).
   */
  async userQuestions(tx: Database, userId: number): Promise<void> {
    await tx.execute(sql`select lock_user_questions(${userId}::bigint)`);
  },
};
