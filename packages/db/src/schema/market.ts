import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tokens } from './catalogue.ts';

/** open: units left to buy; sold_out: none left; cancelled: the seller released what was left. */
export type ListingStatus = 'open' | 'sold_out' | 'cancelled';

/**
 * The secondary board, 'Mural de Negociação' (docs/product.md §18): units of a distributing token
 * that their holder offers to other investors at a price of their own. The listing reserves its
 * units on the seller's holding (`token_holdings.reserved`) until they are sold or the listing is
 * cancelled. Written only by the database's market functions (packages/db/src/sql/market.sql).
 */
export const marketListings = pgTable(
  'market_listings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenId: bigint('token_id', { mode: 'number' })
      .notNull()
      .references(() => tokens.id),
    /** Units offered when listed. */
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** Units still for sale; what a cancellation released stays here, with the status. */
    quantityLeft: bigint('quantity_left', { mode: 'number' }).notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'bigint' }).notNull(),
    status: text('status').$type<ListingStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it sold out or was cancelled. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // The board, newest first, and one token's board.
    index('market_listings_open_idx')
      .on(t.id)
      .where(sql`${t.status} = 'open'`),
    index('market_listings_open_token_idx')
      .on(t.tokenId, t.id)
      .where(sql`${t.status} = 'open'`),
    index('market_listings_seller_idx').on(t.sellerId, t.id),
    check('market_listings_quantity', sql`${t.quantity} > 0`),
    check(
      'market_listings_quantity_left',
      sql`${t.quantityLeft} >= 0 and ${t.quantityLeft} <= ${t.quantity}`,
    ),
    check(
      'market_listings_unit_price',
      sql`${t.unitPriceCents} >= 1 and ${t.unitPriceCents} <= 100000000`,
    ),
    check(
      'market_listings_status',
      sql`(${t.status} = 'open' and ${t.quantityLeft} > 0 and ${t.closedAt} is null)
        or (${t.status} = 'sold_out' and ${t.quantityLeft} = 0 and ${t.closedAt} is not null)
        or (${t.status} = 'cancelled' and ${t.closedAt} is not null)`,
    ),
  ],
);

/**
 * One purchase from a listing: who bought how many from whom, at the listing's price. Its ledger
 * transfers (market_purchase, market_sale and, with a fee, market_fee) carry its id as their
 * reference, and its chain job moves the units between the two custodied wallets.
 */
export const marketTrades = pgTable(
  'market_trades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => marketListings.id),
    tokenId: bigint('token_id', { mode: 'number' })
      .notNull()
      .references(() => tokens.id),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'bigint' }).notNull(),
    /** quantity × unit price: what the seller receives. */
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    /** MARKET_FEE_PERCENT of the amount, paid by the buyer to the platform on top of it. */
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('market_trades_listing_idx').on(t.listingId),
    index('market_trades_buyer_idx').on(t.buyerId, t.id),
    check('market_trades_quantity', sql`${t.quantity} > 0`),
    check('market_trades_amounts', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0`),
    check('market_trades_parties', sql`${t.sellerId} <> ${t.buyerId}`),
  ],
);
