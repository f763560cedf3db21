import { addDays, todayInSaoPaulo } from '@copaiba/contracts';
import { closeDueOffers } from '../modules/jobs/offer-closing.ts';
import { bearer, buyTokens, expectStatus, type Bearer } from './fixtures.ts';
import { insertToken } from './catalogue-fixtures.ts';
import type { TestApp } from './test-app.ts';

/*
 * The secondary board (docs/product.md §18): re-exported by fixtures.ts.
 */

/**
 * A token whose offer succeeded and now distributes, its units bought through the real route by
 * `holders` (each of whom thereby becomes an active investor): issued with today as its deadline,
 * then closed by the job the next day. Installments start a month after today unless overridden.
 */
export async function distributingToken(
  t: TestApp,
  issuerId: number,
  holders: Array<{ who: Bearer; quantity: number }>,
  overrides: Parameters<typeof insertToken>[2] = {},
) {
  const today = todayInSaoPaulo(t.clock.now);
  const token = await insertToken(t.db, issuerId, {
    unitPriceCents: 100_00n,
    quantity: 10_000,
    minimumAmountRaisedCents: 1_00n,
    maximumAmountRaisedCents: 1_000_000_00n,
    deadlineForFunding: today,
    firstDateInstallment: addDays(today, 30),
    installments: 4,
    ...overrides,
  });
  for (const { who, quantity } of holders) {
    expectStatus(await buyTokens(t, who, token.id, quantity), 201, 'offer purchase');
  }
  const report = await closeDueOffers(t.db, new Date(t.clock.now.getTime() + 86_400_000), {
    desistenciaDays: 0,
  });
  if (!report.succeeded.includes(token.id)) throw new Error(`token ${token.id} did not close`);
  return token;
}

/** POST /api/market/listings/ as `who`. */
export const createListing = (t: TestApp, who: Bearer, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/market/listings/',
    headers: bearer(who),
    payload,
  });

/** A listing of `quantity` units at `unitPrice`, for setup: its id. */
export async function listed(
  t: TestApp,
  who: Bearer,
  tokenId: number,
  quantity: number,
  unitPrice: string,
): Promise<number> {
  const res = await createListing(t, who, { token_id: tokenId, quantity, unit_price: unitPrice });
  return expectStatus(res, 201, 'listing').json().id as number;
}

/** POST /api/market/listings/{id}/buy/ as `who`. */
export const buyListing = (
  t: TestApp,
  who: Bearer,
  listingId: number,
  quantity: unknown,
  idempotencyKey?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/market/listings/${listingId}/buy/`,
    headers: bearer(who, idempotencyKey),
    payload: { quantity },
  });

/** DELETE /api/market/listings/{id}/ as `who`. */
export const cancelListing = (t: TestApp, who: Bearer, listingId: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/market/listings/${listingId}/`,
    headers: bearer(who),
  });

/** GET /api/market/listings/ (or my-listings/) as `who`, with the query given. */
export const marketPage = (t: TestApp, who: Bearer, path: 'listings' | 'my-listings', query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/market/${path}/${query}`,
    headers: bearer(who),
  });
