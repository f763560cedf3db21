import {
  ACTIVE_INVESTOR_MONTHS,
  ACTIVE_INVESTOR_REQUIRED,
  basisPointsToPercent,
  centsToDecimal,
  investorMessages,
  marketMessages,
  notEnoughFreeUnits,
  notEnoughListingUnits,
  PAGE_SIZES,
  RISK_TERM_REQUIRED,
  type ListingCancelled,
  type ListingCreated,
  type ListingRow,
  type MarketBuyResponse,
  type MyListingRow,
  type Page,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import {
  checkIdempotencyKey,
  keyReused,
  requestHash,
  type Outcome,
} from '../../lib/idempotency.ts';
import { pageOffset, toPage } from '../../lib/pagination.ts';
import { createTransactionBatches } from '../../lib/transaction-batches.ts';
import { firstName } from '../../mail/templates.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { installmentAmountsPerUnit } from '../catalogue/token-figures.ts';
import type { InvestorService } from '../investor/investor.service.ts';
import { offerStatusName } from '../wallet/holdings-presenter.ts';
import * as repo from './market.repo.ts';

const MY_LISTING_STATUS = { open: 'aberta', sold_out: 'vendida', cancelled: 'cancelada' } as const;

/** `at` moved back by whole calendar months (the active-investor window). */
function monthsBefore(at: Date, months: number): Date {
  const earlier = new Date(at);
  earlier.setUTCMonth(earlier.getUTCMonth() - months);
  return earlier;
}

/** What a unit still receives: the installments not yet paid. */
function remainingPerUnit(read: Pick<repo.ListingRead, 'token' | 'installmentsPaid'>): bigint {
  return installmentAmountsPerUnit(read.token)
    .slice(read.installmentsPaid)
    .reduce((sum, cents) => sum + cents, 0n);
}

function toMyListing(read: repo.ListingRead): MyListingRow {
  return {
    id: read.id,
    token_id: read.tokenId,
    symbol: read.token.symbol,
    name_token: read.token.name,
    quantity: read.quantity,
    quantity_left: read.quantityLeft,
    quantity_sold: read.quantity - read.quantityLeft,
    unit_price: centsToDecimal(read.unitPriceCents),
    proceeds: centsToDecimal(BigInt(read.proceedsCents)),
    status: MY_LISTING_STATUS[read.status],
    created_at: read.createdAt.toISOString(),
    closed_at: read.closedAt?.toISOString() ?? null,
  };
}

const toBuyResponse = (answer: repo.StoredBuyAnswer): MarketBuyResponse => {
  const amount = BigInt(answer.amount_cents);
  const fee = BigInt(answer.fee_cents);
  return {
    message: answer.message,
    id: answer.id,
    listing_id: answer.listing_id,
    token_id: answer.token_id,
    quantity: answer.quantity,
    unit_price: centsToDecimal(BigInt(answer.unit_price_cents)),
    amount: centsToDecimal(amount),
    fee: centsToDecimal(fee),
    total: centsToDecimal(amount + fee),
  };
};

/**
 * The secondary board, 'Mural de Negociação' (docs/product.md §18): listings, their cancellation
 * and purchases from them. The database does each write in one statement and says what happened
 * (packages/db/src/sql/market.sql); this service turns that into the answer. Purchases from one
 * listing that arrive together share a transaction (lib/transaction-batches.ts).
 */
export function createMarketService(deps: {
  db: Database;
  now: () => Date;
  /** MARKET_FEE_PERCENT, in hundredths of a percent. */
  feeBasisPoints: number;
  investor: Pick<InvestorService, 'hasAcceptedRiskTerm'>;
}) {
  const { db, now, feeBasisPoints, investor } = deps;
  const feePercent = basisPointsToPercent(feeBasisPoints);
  const reads = repo.createMarketReads(db);
  const purchases = createTransactionBatches({
    key: (request: repo.BuyRequest) => String(request.listingId),
    run: (requests) => repo.buyBatch(db, requests, feeBasisPoints),
  });

  return {
    /** Lists units of a distributing token the seller holds and has not listed yet. */
    async list(
      user: UserRow,
      body: { token_id: number; quantity: number; unit_price: bigint },
    ): Promise<ListingCreated> {
      const result = await repo.listUnits(db, {
        sellerId: user.id,
        tokenId: body.token_id,
        quantity: body.quantity,
        unitPriceCents: body.unit_price,
      });
      switch (result.outcome) {
        case 'token_not_found':
          throw AppError.badRequest('token_id', marketMessages.tokenNotFound);
        case 'not_distributing':
          throw AppError.badRequest('token_id', marketMessages.notDistributing);
        case 'not_enough_units':
          throw AppError.badRequest('quantity', notEnoughFreeUnits(result.freeUnits));
        case 'listed': {
          const read = await repo.listingOf(db, user.id, result.listingId);
          return { message: marketMessages.listed, ...toMyListing(read!) };
        }
      }
    },

    /** The open listings, newest first; of one token when asked. */
    async board(
      user: UserRow,
      tokenId: number | undefined,
      page: number,
    ): Promise<Page<ListingRow>> {
      const request = {
        page,
        size: PAGE_SIZES.marketListings,
        path: '/api/market/listings/',
        query: tokenId === undefined ? undefined : { token_id: tokenId },
      };
      const { count, rows } = await reads.openListings(tokenId, {
        offset: pageOffset(request),
        limit: request.size,
      });
      return toPage(
        request,
        count,
        rows.map((read) => ({
          id: read.id,
          token_id: read.tokenId,
          symbol: read.token.symbol,
          name_token: read.token.name,
          quantity: read.quantity,
          quantity_left: read.quantityLeft,
          unit_price: centsToDecimal(read.unitPriceCents),
          // Only the first name: every investor reads the board (docs/product.md §18).
          seller: firstName(read.sellerName),
          created_at: read.createdAt.toISOString(),
          status_token: offerStatusName(read.token.offerStatus),
          practiced_interest_rate: basisPointsToPercent(read.token.interestRateBp),
          installments: read.token.installments,
          installments_left: Math.max(read.token.installments - read.installmentsPaid, 0),
          remaining_per_unit: centsToDecimal(remainingPerUnit(read)),
          fee_percent: feePercent,
          mine: read.sellerId === user.id,
        })),
      );
    },

    /** 'Minhas ofertas': the user's listings, newest first, with what sold. */
    async mine(user: UserRow, page: number): Promise<Page<MyListingRow>> {
      const request = { page, size: PAGE_SIZES.marketListings, path: '/api/market/my-listings/' };
      const { count, rows } = await repo.listingsOf(db, user.id, {
        offset: pageOffset(request),
        limit: request.size,
      });
      return toPage(request, count, rows.map(toMyListing));
    },

    /** Takes the user's listing down: what is unsold is free again. A second call moves nothing. */
    async cancel(user: UserRow, listingId: number): Promise<ListingCancelled> {
      const result = await repo.cancelListing(db, user.id, listingId);
      switch (result.outcome) {
        case 'not_found':
          throw AppError.notFound(marketMessages.listingNotFound);
        case 'sold_out':
          throw new AppError(400, marketMessages.cancelSoldOut);
        case 'already_cancelled':
          return { message: marketMessages.cancelled, released: 0 };
        case 'cancelled':
          return { message: marketMessages.cancelled, released: result.released };
      }
    },

    /** Buys units of a listing with the wallet's balance, in one transaction; honours Idempotency-Key. */
    async buy(
      user: UserRow,
      listingId: number,
      quantity: number,
      idempotencyKey: string | undefined,
    ): Promise<Outcome<MarketBuyResponse>> {
      // From the user's row, which authentication already read: no query (docs/product.md §15).
      if (!investor.hasAcceptedRiskTerm(user))
        throw new AppError(403, investorMessages.riskTermRequired, { code: RISK_TERM_REQUIRED });
      if (idempotencyKey !== undefined) checkIdempotencyKey(idempotencyKey);
      const endpoint = repo.buyEndpoint(listingId);
      const request: repo.BuyRequest = {
        buyerId: user.id,
        listingId,
        quantity,
        activeSince: monthsBefore(now(), ACTIVE_INVESTOR_MONTHS),
        message: marketMessages.bought,
        idempotency:
          idempotencyKey === undefined
            ? undefined
            : { key: idempotencyKey, endpoint, hash: requestHash(endpoint, { quantity }) },
      };
      let result = await purchases.submit(request);
      // A request with the same key that did not wait for the buyer's wallet (another endpoint)
      // committed first: asked again, the database finds it and answers 422.
      if (result.outcome === 'key_race') result = await purchases.submit(request);
      switch (result.outcome) {
        case 'not_found':
          throw AppError.notFound(marketMessages.listingNotFound);
        case 'own_listing':
          throw new AppError(400, marketMessages.ownListing);
        case 'not_active_investor':
          throw new AppError(403, marketMessages.activeInvestorRequired, {
            code: ACTIVE_INVESTOR_REQUIRED,
          });
        case 'listing_cancelled':
          throw new AppError(400, marketMessages.listingCancelled);
        case 'listing_sold_out':
          throw new AppError(400, marketMessages.listingSoldOut);
        case 'not_enough_units':
          throw AppError.badRequest('quantity', notEnoughListingUnits(result.unitsLeft));
        case 'insufficient':
          throw AppError.badRequest('value', marketMessages.insufficient);
        case 'key_reused':
          throw keyReused();
        case 'key_race':
          throw new Error('a concurrent board purchase with this key left no answer');
        case 'bought':
        case 'replay':
          return { status: result.status, body: toBuyResponse(result.answer) };
      }
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
