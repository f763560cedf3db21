import { randomUUID } from 'node:crypto';
import { buyMessages, todayInSaoPaulo, type BuyResponse } from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import {
  checkIdempotencyKey,
  keyReused,
  requestHash,
  type Outcome,
} from '../../lib/idempotency.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { accounts, transfer } from '../ledger/ledger.ts';
import { createPurchaseBatches } from './purchase-batches.ts';
import * as repo from './purchases.repo.ts';

const TOKEN_NOT_FOUND = 'Token não encontrado.';

const unitsRefused = (left: number) =>
  AppError.badRequest(
    'quantity',
    left > 0
      ? `Quantidade indisponível: restam no máximo ${left} tokens.`
      : 'Não há mais tokens disponíveis.',
  );

/**
 * Buying units of a funding offer with the wallet's balance (docs/product.md §11). The database
 * does the purchase in one statement and says what happened (packages/db/src/sql/purchases.sql);
 * this service turns that into the answer. Purchases of one offer that arrive together share a
 * transaction (purchase-batches.ts).
 */
export function createPurchasesService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  const batches = createPurchaseBatches({
    one: async (request) => (await repo.buyTokensBatch(db, [request]))[0]!,
    many: (requests) => repo.buyTokensBatch(db, requests),
  });

  return {
    async buy(
      user: UserRow,
      tokenId: number,
      quantity: number,
      idempotencyKey: string | undefined,
    ): Promise<Outcome<BuyResponse>> {
      const endpoint = repo.buyEndpoint(tokenId);
      if (idempotencyKey !== undefined) checkIdempotencyKey(idempotencyKey);
      const request: repo.BuyRequest = {
        userId: user.id,
        tokenId,
        quantity,
        today: todayInSaoPaulo(now()),
        transferKey: `buy:${randomUUID()}`,
        message: buyMessages.bought,
        idempotency:
          idempotencyKey === undefined
            ? undefined
            : { key: idempotencyKey, endpoint, hash: requestHash(endpoint, { quantity }) },
      };
      let result = await batches.buy(request);
      // A concurrent request with the same key committed first: asked again, the database
      // answers what it answered.
      if (result.outcome === 'key_race') result = await batches.buy(request);
      switch (result.outcome) {
        case 'not_found':
          throw AppError.notFound(TOKEN_NOT_FOUND);
        case 'not_funding':
          throw AppError.badRequest('quantity', buyMessages.notFunding);
        case 'sold_out':
          throw unitsRefused(result.unitsLeft);
        case 'key_reused':
          throw keyReused();
        case 'insufficient':
          throw AppError.badRequest('value', buyMessages.insufficient);
        case 'key_race':
          throw new Error('a concurrent purchase with this key left no answer');
        case 'bought':
        case 'replay':
          catalogueChanged();
          return { status: result.status, body: result.body as BuyResponse };
      }
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;

/**
 * A purchase written as history, in the caller's transaction: the price from the wallet to the
 * offer's escrow and the units into the holding, without the offer's checks (the demo seed and
 * the soak's setup of offers that have already closed). The caller updates the token's figures.
 * Throws InsufficientFunds when the wallet is short.
 */
export async function recordPastPurchase(
  tx: Database,
  purchase: { key: string; userId: number; tokenId: number; quantity: number; amountCents: bigint },
): Promise<void> {
  const { key, userId, tokenId, quantity, amountCents } = purchase;
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
  await repo.addHolding(tx, userId, tokenId, quantity);
}
