import { todayInSaoPaulo } from '@copaiba/contracts';
import { connectPostgres, marketListings, marketTrades, tokenHoldings, tokens } from '@copaiba/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import { closeDueOffers } from '../../apps/api/src/modules/jobs/offer-closing.ts';
import { ledgerTotal } from '../../apps/api/src/modules/ledger/ledger.ts';
import { newKey, serverUrl, type Fixtures, type Investor } from './fixtures.ts';

/** The secondary board's bench (docs/product.md §18): a seller, active buyers, a hot listing. */
export interface MarketFixtures {
  seller: Investor;
  /** Every other bench investor; each bought one unit in an offer, so each is an active investor. */
  buyers: Investor[];
  tokenId: number;
  /** Large enough not to sell out during the loads. */
  hotListingId: number;
  /** `smallListingUnits` units, for the sell-out check. */
  smallListingId: number;
  smallListingUnits: number;
}

async function expectOk(what: string, answer: Promise<Response>, status: number) {
  const res = await answer;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Sets the board up through the product itself: a fresh offer at R$ 0,01 a unit bought through
 * `POST wallet/buy-token/` by the seller (`sellerUnits`) and by every other investor (one unit:
 * an offer purchase that is not undone makes an active investor), closed as a success by the
 * offer-closing job (the escrow settled through the ledger, the token distributing), then two
 * listings of the seller's at R$ 0,01 through `POST market/listings/`.
 */
export async function createMarketFixtures(options: {
  url: string;
  database: string;
  fixtures: Fixtures;
  sellerUnits: number;
  smallListingUnits: number;
}): Promise<MarketFixtures> {
  const { url, database, fixtures } = options;
  const [seller, ...buyers] = fixtures.investors;
  const handle = connectPostgres(serverUrl(database), 2);
  const { db } = handle;
  try {
    const now = new Date();
    const [row] = await db.select().from(tokens).where(eq(tokens.id, fixtures.hotTokenId));
    const { id: _id, createdAt: _c, updatedAt: _u, ...template } = row!;
    const quantity = options.sellerUnits + buyers.length;
    const [token] = await db
      .insert(tokens)
      .values({
        ...template,
        name: 'Bench Mural',
        symbol: 'BENCHMKT',
        unitPriceCents: 1n,
        quantity,
        minimumAmountRaisedCents: 1n,
        maximumAmountRaisedCents: BigInt(quantity),
        // Due tomorrow: the closing job below runs as of tomorrow.
        deadlineForFunding: todayInSaoPaulo(now),
        unitsSold: 0,
        amountCapitatedCents: 0n,
        buyers: 0,
        issuedAt: now,
      })
      .returning({ id: tokens.id });
    const tokenId = token!.id;
    const buy = (who: Investor, units: number) =>
      expectOk(
        'offer purchase',
        fetch(`${url}/api/wallet/buy-token/${tokenId}`, {
          method: 'POST',
          headers: { authorization: who.authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ quantity: units }),
        }),
        201,
      );
    await buy(seller!, options.sellerUnits);
    for (const buyer of buyers) await buy(buyer, 1);

    const closed = await closeDueOffers(db, new Date(now.getTime() + 86_400_000), {
      desistenciaDays: 0,
    });
    if (!closed.succeeded.includes(tokenId)) {
      throw new Error(`the board's offer ${tokenId} did not close as a success`);
    }
    const list = async (units: number) =>
      (
        await expectOk(
          'listing',
          fetch(`${url}/api/market/listings/`, {
            method: 'POST',
            headers: { authorization: seller!.authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ token_id: tokenId, quantity: units, unit_price: '0.01' }),
          }),
          201,
        )
      ).id as number;
    const smallListingId = await list(options.smallListingUnits);
    const hotListingId = await list(options.sellerUnits - options.smallListingUnits);
    return {
      seller: seller!,
      buyers,
      tokenId,
      hotListingId,
      smallListingId,
      smallListingUnits: options.smallListingUnits,
    };
  } finally {
    await handle.close();
  }
}

/** POST market/listings/{id}/buy/ of one unit, with a fresh Idempotency-Key: the status. */
export const buyFromListing = (url: string, who: Investor, listingId: number) =>
  fetch(`${url}/api/market/listings/${listingId}/buy/`, {
    method: 'POST',
    headers: {
      authorization: who.authorization,
      'content-type': 'application/json',
      'idempotency-key': newKey(),
    },
    body: JSON.stringify({ quantity: 1 }),
    signal: AbortSignal.timeout(60_000),
  }).then(
    (r) => r.status,
    () => 0,
  );

export interface ListingCheck {
  listingId: number;
  listed: number;
  left: number;
  /** Units the trades of this listing moved. */
  bought: number;
  trades: number;
}

/**
 * After the loads: per listing, units gone (listed − left) = units its trades bought, none left
 * negative; the token's units are all still held (nothing created or lost), the seller's holding
 * is what it bought less what it sold, its reservation what its open listings have left; every
 * buyer holds its offer unit plus what it bought on the board; the ledger sums to zero.
 */
export async function checkMarket(database: string, market: MarketFixtures) {
  const handle = connectPostgres(serverUrl(database), 2);
  const { db } = handle;
  try {
    const listingIds = [market.hotListingId, market.smallListingId];
    const listings: ListingCheck[] = [];
    for (const listingId of listingIds) {
      const [listing] = await db
        .select()
        .from(marketListings)
        .where(eq(marketListings.id, listingId));
      const [traded] = await db
        .select({
          bought: sql<string>`coalesce(sum(${marketTrades.quantity}), 0)`,
          trades: sql<number>`count(*)::int`,
        })
        .from(marketTrades)
        .where(eq(marketTrades.listingId, listingId));
      listings.push({
        listingId,
        listed: listing!.quantity,
        left: listing!.quantityLeft,
        bought: Number(traded!.bought),
        trades: traded!.trades,
      });
    }
    const [token] = await db.select().from(tokens).where(eq(tokens.id, market.tokenId));
    const sellerId = market.seller.id;
    const [sellerHolding] = await db
      .select()
      .from(tokenHoldings)
      .where(and(eq(tokenHoldings.tokenId, market.tokenId), eq(tokenHoldings.userId, sellerId)));
    const buyerHoldings = await db
      .select({ userId: tokenHoldings.userId, quantity: tokenHoldings.quantity })
      .from(tokenHoldings)
      .where(and(eq(tokenHoldings.tokenId, market.tokenId), ne(tokenHoldings.userId, sellerId)));
    const boughtBy = new Map<number, number>();
    for (const row of await db
      .select({
        buyerId: marketTrades.buyerId,
        n: sql<string>`sum(${marketTrades.quantity})`,
      })
      .from(marketTrades)
      .where(eq(marketTrades.tokenId, market.tokenId))
      .groupBy(marketTrades.buyerId)) {
      boughtBy.set(row.buyerId, Number(row.n));
    }
    const sold = listings.reduce((n, l) => n + l.bought, 0);
    const openLeft = await db
      .select({ n: sql<string>`coalesce(sum(${marketListings.quantityLeft}), 0)` })
      .from(marketListings)
      .where(and(eq(marketListings.sellerId, sellerId), eq(marketListings.status, 'open')));
    const sellerBought = token!.unitsSold - market.buyers.length;
    const buyersRight =
      buyerHoldings.length === market.buyers.length &&
      buyerHoldings.every((h) => h.quantity === 1 + (boughtBy.get(h.userId) ?? 0));
    const held = sellerHolding!.quantity + buyerHoldings.reduce((n, h) => n + h.quantity, 0);
    const total = await ledgerTotal(db);
    const listingsRight = listings.every(
      (l) => l.left >= 0 && l.listed - l.left === l.bought && l.bought <= l.listed,
    );
    const sellerRight =
      sellerHolding!.quantity === sellerBought - sold &&
      sellerHolding!.reserved === Number(openLeft[0]!.n);
    return {
      listings,
      sold,
      heldUnits: held,
      unitsSold: token!.unitsSold,
      sellerRight,
      buyersRight,
      ledgerTotalCents: String(total),
      consistent:
        listingsRight && sellerRight && buyersRight && held === token!.unitsSold && total === 0n,
    };
  } finally {
    await handle.close();
  }
}
