import { tokenHoldings, tokens, type Database } from '@copaiba/db';
import { and, eq, gte, sql } from 'drizzle-orm';

export async function findToken(db: Database, tokenId: number) {
  const [row] = await db.select().from(tokens).where(eq(tokens.id, tokenId));
  return row;
}

/** Adds units to a holding; true when this is the holder's first unit of the token. */
export async function addHolding(
  db: Database,
  userId: number,
  tokenId: number,
  quantity: number,
): Promise<boolean> {
  const [row] = await db
    .insert(tokenHoldings)
    .values({ userId, tokenId, quantity })
    .onConflictDoUpdate({
      target: [tokenHoldings.userId, tokenHoldings.tokenId],
      set: { quantity: sql`${tokenHoldings.quantity} + ${quantity}`, updatedAt: new Date() },
    })
    .returning({ quantity: tokenHoldings.quantity });
  return row!.quantity === quantity;
}

/**
 * Sells units of a funding offer if they are still there: one conditional update of the token
 * row (the hot row), so concurrent buyers can never oversell. Null when the units are gone.
 */
export async function sellUnits(
  db: Database,
  tokenId: number,
  quantity: number,
  amountCents: bigint,
  newBuyer: boolean,
  today: string,
) {
  const forSale = sql`least(${tokens.quantity}, ${tokens.maximumAmountRaisedCents} / ${tokens.unitPriceCents})`;
  const [row] = await db
    .update(tokens)
    .set({
      unitsSold: sql`${tokens.unitsSold} + ${quantity}`,
      amountCapitatedCents: sql`${tokens.amountCapitatedCents} + ${amountCents}`,
      buyers: sql`${tokens.buyers} + ${newBuyer ? 1 : 0}`,
      offerStatus: sql`case when ${tokens.unitsSold} + ${quantity} >= ${forSale} then 'all_sold' else ${tokens.offerStatus} end`,
    })
    .where(
      and(
        eq(tokens.id, tokenId),
        eq(tokens.offerStatus, 'funding'),
        gte(tokens.deadlineForFunding, today),
        sql`${tokens.unitsSold} + ${quantity} <= ${forSale}`,
      ),
    )
    .returning({ unitsSold: tokens.unitsSold });
  return row;
}
