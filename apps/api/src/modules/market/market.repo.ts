import {
  marketListings,
  marketTrades,
  tokens,
  users,
  type Database,
  type ListingStatus,
} from '@copaiba/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { countOfPage } from '../../lib/pagination.ts';
import { sqlRows } from '../../lib/sql-rows.ts';

/*
 * The secondary board's tables (docs/product.md §18). Every write is one statement of the
 * database's market functions (packages/db/src/sql/market.sql says what each does, in order);
 * this file turns their outcomes into types and reads the lists.
 */

/** What an Idempotency-Key of a board purchase is scoped to. */
export const buyEndpoint = (listingId: number) => `market/listings/${listingId}/buy`;

/** The status of a purchase's answer, stored with it for a retry of its Idempotency-Key. */
const BOUGHT_STATUS = 201;

export type ListOutcome =
  | { outcome: 'listed'; listingId: number }
  | { outcome: 'token_not_found' | 'not_distributing' }
  | { outcome: 'not_enough_units'; freeUnits: number };

export async function listUnits(
  db: Database,
  listing: { sellerId: number; tokenId: number; quantity: number; unitPriceCents: bigint },
): Promise<ListOutcome> {
  const [row] = await sqlRows<{
    outcome: ListOutcome['outcome'];
    listing_id: string | number | null;
    free_units: string | number | null;
  }>(
    db,
    sql`select * from market_list(${listing.sellerId}::bigint, ${listing.tokenId}::bigint,
      ${listing.quantity}::bigint, ${listing.unitPriceCents}::bigint)`,
  );
  switch (row!.outcome) {
    case 'listed':
      return { outcome: 'listed', listingId: Number(row!.listing_id) };
    case 'not_enough_units':
      return { outcome: 'not_enough_units', freeUnits: Number(row!.free_units) };
    default:
      return { outcome: row!.outcome };
  }
}

export type CancelOutcome =
  | { outcome: 'cancelled'; released: number }
  | { outcome: 'already_cancelled' | 'sold_out' | 'not_found' };

export async function cancelListing(
  db: Database,
  sellerId: number,
  listingId: number,
): Promise<CancelOutcome> {
  const [row] = await sqlRows<{
    outcome: CancelOutcome['outcome'];
    released: string | number | null;
  }>(db, sql`select * from market_cancel(${sellerId}::bigint, ${listingId}::bigint)`);
  return row!.outcome === 'cancelled'
    ? { outcome: 'cancelled', released: Number(row!.released) }
    : { outcome: row!.outcome };
}

export interface BuyRequest {
  buyerId: number;
  listingId: number;
  quantity: number;
  /** An offer purchase since then makes the buyer an active investor. */
  activeSince: Date;
  /** The `message` of the answer. */
  message: string;
  /** The request's Idempotency-Key, its endpoint and hash, when it sent one. */
  idempotency?: { key: string; endpoint: string; hash: string };
}

/** The answer as the database stores it: ids, units and centavos, formatted by the service. */
export interface StoredBuyAnswer {
  message: string;
  id: number;
  listing_id: number;
  token_id: number;
  quantity: number;
  unit_price_cents: number | string;
  amount_cents: number | string;
  fee_cents: number | string;
}

export type BuyOutcome =
  | { outcome: 'bought' | 'replay'; status: number; answer: StoredBuyAnswer }
  | {
      outcome:
        | 'key_reused'
        | 'not_found'
        | 'own_listing'
        | 'not_active_investor'
        | 'listing_cancelled'
        | 'listing_sold_out'
        | 'insufficient'
        /** A concurrent request with the same key committed first: asked again, it has its answer. */
        | 'key_race';
    }
  | { outcome: 'not_enough_units'; unitsLeft: number };

/**
 * Purchases from one listing, in one transaction and one round trip (the database's
 * market_buy_batch: packages/db/src/sql/market.sql says what happens, in order): one outcome per
 * request, in order, each as it would have been alone. A lone purchase is a batch of one.
 * `feeBasisPoints` is MARKET_FEE_PERCENT in hundredths of a percent.
 */
export async function buyBatch(
  db: Database,
  requests: BuyRequest[],
  feeBasisPoints: number,
): Promise<BuyOutcome[]> {
  const [first] = requests;
  if (!first) return [];
  // One array parameter per column (a bare array would be spread into a list).
  const column = <T>(pick: (r: BuyRequest) => T) => sql.param(requests.map(pick));
  const rows = await sqlRows<{
    outcome: BuyOutcome['outcome'];
    units_left: string | number | null;
    answer_status: number | null;
    answer: StoredBuyAnswer | null;
  }>(
    db,
    sql`select * from market_buy_batch(${first.listingId}::bigint, ${feeBasisPoints}::integer,
      ${buyEndpoint(first.listingId)}::text, ${BOUGHT_STATUS}::integer,
      ${column((r) => r.buyerId)}::bigint[], ${column((r) => r.quantity)}::bigint[],
      ${column((r) => r.activeSince.toISOString())}::timestamptz[],
      ${column((r) => r.idempotency?.key ?? null)}::text[],
      ${column((r) => r.idempotency?.hash ?? null)}::text[],
      ${column((r) => JSON.stringify({ message: r.message }))}::jsonb[])`,
  );
  return rows.map((row): BuyOutcome => {
    switch (row.outcome) {
      case 'bought':
      case 'replay':
        return { outcome: row.outcome, status: row.answer_status!, answer: row.answer! };
      case 'not_enough_units':
        return { outcome: 'not_enough_units', unitsLeft: Number(row.units_left) };
      default:
        return { outcome: row.outcome };
    }
  });
}

/**
 * The columns the lists read of a listing and its token: of the token only what a row shows and
 * its terms for the installments left (a token row's texts would be read, sent and parsed for
 * every line of the page, as 'Meus Ativos' found: docs/PERFORMANCE.md).
 */
const listingColumns = {
  id: marketListings.id,
  tokenId: marketListings.tokenId,
  sellerId: marketListings.sellerId,
  quantity: marketListings.quantity,
  quantityLeft: marketListings.quantityLeft,
  unitPriceCents: marketListings.unitPriceCents,
  status: marketListings.status,
  createdAt: marketListings.createdAt,
  closedAt: marketListings.closedAt,
  token: {
    name: tokens.name,
    symbol: tokens.symbol,
    offerStatus: tokens.offerStatus,
    unitPriceCents: tokens.unitPriceCents,
    interestRateBp: tokens.interestRateBp,
    installments: tokens.installments,
    firstDateInstallment: tokens.firstDateInstallment,
  },
  installmentsPaid: sql<number>`(select paid from token_installments_paid(${tokens.id}))`.mapWith(
    Number,
  ),
};

/**
 * The board's page, the read every active investor opens ('Mural de Negociação'), prepared once
 * per database handle as the wallet's hot reads are (wallet.repo.ts): the page and its count come
 * from the open listings alone, and only the page's rows are joined to their token and seller.
 */
export function createMarketReads(db: Database) {
  const pageOf = (oneToken: boolean) => {
    const open = and(
      eq(marketListings.status, 'open'),
      oneToken ? eq(marketListings.tokenId, sql.placeholder('tokenId')) : undefined,
    );
    const newest = db
      .select({ id: marketListings.id, total: sql<number>`count(*) over ()`.as('total') })
      .from(marketListings)
      .where(open)
      .orderBy(desc(marketListings.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('newest');
    const page = db
      .select({
        ...listingColumns,
        sellerName: users.name,
        total: sql`${newest.total}`.mapWith(Number),
      })
      .from(newest)
      .innerJoin(marketListings, eq(marketListings.id, newest.id))
      .innerJoin(tokens, eq(tokens.id, marketListings.tokenId))
      .innerJoin(users, eq(users.id, marketListings.sellerId))
      .orderBy(desc(marketListings.id))
      .prepare(oneToken ? 'market_open_listings_of_token' : 'market_open_listings');
    const total = db
      .select({ n: count() })
      .from(marketListings)
      .where(open)
      .prepare(oneToken ? 'market_open_listings_of_token_count' : 'market_open_listings_count');
    return { page, total };
  };
  const all = pageOf(false);
  const ofToken = pageOf(true);

  return {
    /** Open listings, newest first, of one token or of all; with each seller's name. */
    async openListings(tokenId: number | undefined, options: { offset: number; limit: number }) {
      const queries = tokenId === undefined ? all : ofToken;
      const rows = await queries.page.execute({ tokenId, ...options });
      const count = await countOfPage(
        rows,
        options.offset,
        async () => (await queries.total.execute({ tokenId }))[0]?.n,
      );
      return { count, rows };
    },
  };
}

/** The seller's listings, newest first, with what their sales brought in. */
export async function listingsOf(
  db: Database,
  sellerId: number,
  options: { offset: number; limit: number },
) {
  const mine = eq(marketListings.sellerId, sellerId);
  const [total] = await db.select({ n: count() }).from(marketListings).where(mine);
  const rows = await db
    .select({
      ...listingColumns,
      proceedsCents: sql<string>`coalesce((select sum(${marketTrades.amountCents})
        from ${marketTrades} where ${marketTrades.listingId} = ${marketListings.id}), 0)`,
    })
    .from(marketListings)
    .innerJoin(tokens, eq(tokens.id, marketListings.tokenId))
    .where(mine)
    .orderBy(desc(marketListings.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

/** One of the seller's listings, as 'Minhas ofertas' shows it. */
export async function listingOf(db: Database, sellerId: number, listingId: number) {
  const [row] = await db
    .select({ ...listingColumns, proceedsCents: sql<string>`0` })
    .from(marketListings)
    .innerJoin(tokens, eq(tokens.id, marketListings.tokenId))
    .where(and(eq(marketListings.sellerId, sellerId), eq(marketListings.id, listingId)));
  return row;
}

export type ListingRead = Awaited<ReturnType<typeof listingsOf>>['rows'][number];
export type { ListingStatus };
