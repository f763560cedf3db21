import { tokens, users, type Database, type OfferStatus } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { accounts, transfer } from '../modules/ledger/ledger.ts';
import { recordPastPurchase } from '../modules/purchases/past-purchases.ts';

/** Most units a seeded buyer holds of one token, so a few hundred units spread over several people. */
const UNITS_PER_BUYER = 9;
const MAX_BUYERS = 12;

/**
 * The units a demo offer has sold, bought for real by seeded community investors: each one's
 * deposit and purchase go through the ledger and into holdings, so every invariant holds on the
 * demo database. A closed offer's raise is settled to the issuer, as the closing job does.
 */
export async function seedDemoPurchases(
  db: Database,
  token: { id: number; symbol: string; unitPriceCents: bigint; offerStatus: OfferStatus | null },
  units: number,
  buyerPool: () => Promise<number[]>,
) {
  if (units === 0) return;
  const pool = await buyerPool();
  const count = Math.min(MAX_BUYERS, pool.length, Math.max(1, Math.round(units / UNITS_PER_BUYER)));
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const userId = pool[(token.id * 7 + i) % pool.length]!;
      const quantity = Math.floor(units / count) + (i < units % count ? 1 : 0);
      const amountCents = BigInt(quantity) * token.unitPriceCents;
      await transfer(tx, {
        key: `seed:deposit:${token.id}:${userId}`,
        kind: 'deposit',
        from: accounts.pixClearing(),
        to: accounts.wallet(userId),
        amountCents,
        userId,
        reference: 'seed',
      });
      await recordPastPurchase(tx, {
        key: `seed:purchase:${token.id}:${userId}`,
        userId,
        tokenId: token.id,
        quantity,
        amountCents,
      });
    }
    const raised = BigInt(units) * token.unitPriceCents;
    await tx
      .update(tokens)
      // Bought just now: an offer sold out here waits out the desistência window before closing.
      .set({
        unitsSold: units,
        amountCapitatedCents: raised,
        buyers: count,
        lastPurchaseAt: new Date(),
      })
      .where(eq(tokens.id, token.id));
    if (token.offerStatus === 'distributing') {
      await transfer(tx, {
        key: `offer-settlement:${token.id}`,
        kind: 'offer_settlement',
        from: accounts.escrow(token.id),
        to: accounts.issuerPayable(token.id),
        amountCents: raised,
        tokenId: token.id,
        reference: token.symbol,
      });
    }
  });
}

/** Community investors who hold the demo offers' units; they cannot sign in. */
export function communityInvestors(db: Database, passwordHash: string) {
  let ids: number[] | null = null;
  return async () => {
    ids ??= (
      await db
        .insert(users)
        .values(
          Array.from({ length: 24 }, (_, i) => ({
            name: `Investidor da comunidade ${i + 1}`,
            email: `comunidade${i + 1}@copaiba.dev`,
            passwordHash,
            isConfirmedEmail: true,
          })),
        )
        .returning({ id: users.id })
    ).map((u) => u.id);
    return ids;
  };
}
