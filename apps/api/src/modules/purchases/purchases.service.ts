import { randomUUID } from 'node:crypto';
import { buyMessages, todayInSaoPaulo, type BuyResponse } from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import {
  checkIdempotencyKey,
  keyReused,
  requestHash,
  storedOutcome,
  type Outcome,
} from '../../lib/idempotency.ts';
import type { UserRow } from '../accounts/accounts.repo.ts';
import { createPurchaseBatches } from './purchase-batches.ts';
import * as repo from './purchases.repo.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';

const TOKEN_NOT_FOUND = 'Token não encontrado.';

const unitsRefused = (left: number) =>
  AppError.badRequest(
    'quantity',
    left > 0
      ? `Quantidade indisponível: restam no máximo ${left} tokens.`
      : 'Não há mais tokens disponíveis.',
  );

/**
 * Buying units of a funding offer with the wallet's balance: one statement (buy_tokens), which
 * also stores the answer for the request's Idempotency-Key, so a retry replays it even after the
 * offer sold out or closed. Purchases of one offer that arrive together share a transaction
 * (purchase-batches.ts).
 */
export function createPurchasesService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  const batches = createPurchaseBatches({
    one: (request) => repo.buyTokens(db, request),
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
      let idempotency: repo.BuyRequest['idempotency'];
      if (idempotencyKey !== undefined) {
        checkIdempotencyKey(idempotencyKey);
        idempotency = {
          key: idempotencyKey,
          endpoint,
          hash: requestHash(endpoint, { quantity }),
        };
      }
      const result = await batches.buy({
        userId: user.id,
        tokenId,
        quantity,
        today: todayInSaoPaulo(now()),
        transferKey: `buy:${randomUUID()}`,
        message: buyMessages.bought,
        idempotency,
      });
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
        case 'key_race': {
          // A concurrent retry with the same key committed first: answer what it answered.
          const winner = await storedOutcome<BuyResponse>(
            db,
            user.id,
            idempotency!.key,
            idempotency!.hash,
          );
          if (!winner) throw new Error('a concurrent purchase with this key left no answer');
          return winner;
        }
        case 'bought':
        case 'replay':
          catalogueChanged();
          return { status: result.status, body: result.body as BuyResponse };
      }
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
