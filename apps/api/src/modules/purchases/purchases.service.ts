import { randomUUID } from 'node:crypto';
import { buyMessages, todayInSaoPaulo, type BuyResponse } from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import {
  checkIdempotencyKey,
  keyReused,
  requestHash,
  storedOutcome,
  type Outcome,
} from '../../lib/idempotency.ts';
import type { UserRow } from '../accounts/accounts.repo.ts';
import { isOverdraft } from '../ledger/ledger.ts';
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
 * offer sold out or closed.
 */
export function createPurchasesService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  return {
    async buy(
      user: UserRow,
      tokenId: number,
      quantity: number,
      idempotencyKey: string | undefined,
    ): Promise<Outcome<BuyResponse>> {
      const endpoint = `buy-token/${tokenId}`;
      let idempotency: repo.BuyRequest['idempotency'];
      if (idempotencyKey !== undefined) {
        checkIdempotencyKey(idempotencyKey);
        idempotency = {
          key: idempotencyKey,
          endpoint,
          hash: requestHash(endpoint, { quantity }),
        };
      }
      let result: repo.BuyOutcome;
      try {
        result = await repo.buyTokens(db, {
          userId: user.id,
          tokenId,
          quantity,
          today: todayInSaoPaulo(now()),
          transferKey: `buy:${randomUUID()}`,
          message: buyMessages.bought,
          idempotency,
        });
      } catch (err) {
        if (isOverdraft(err)) throw AppError.badRequest('value', buyMessages.insufficient);
        // A concurrent retry with the same key committed first: answer what it answered.
        if (idempotency && isUniqueViolation(err, 'idempotent_requests_user_id_key_pk')) {
          const winner = await storedOutcome<BuyResponse>(
            db,
            user.id,
            idempotency.key,
            idempotency.hash,
          );
          if (winner) return winner;
        }
        throw err;
      }
      switch (result.outcome) {
        case 'not_found':
          throw AppError.notFound(TOKEN_NOT_FOUND);
        case 'not_funding':
          throw AppError.badRequest('quantity', buyMessages.notFunding);
        case 'sold_out':
          throw unitsRefused(result.unitsLeft);
        case 'key_reused':
          throw keyReused();
        case 'bought':
        case 'replay':
          catalogueChanged();
          return { status: result.status, body: result.body as BuyResponse };
      }
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
