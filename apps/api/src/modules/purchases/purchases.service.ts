import { randomUUID } from 'node:crypto';
import { buyMessages, centsToDecimal, todayInSaoPaulo, type BuyResponse } from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import { idempotent } from '../../lib/idempotency.ts';
import type { UserRow } from '../accounts/accounts.repo.ts';
import { unitsLeft } from '../catalogue/token-figures.ts';
import { accounts, InsufficientFunds, transfer } from '../ledger/ledger.ts';
import { recordOnChain } from '../chain/outbox.ts';
import * as repo from './purchases.repo.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';

const TOKEN_NOT_FOUND = 'Token não encontrado.';

/** Buying units of a funding offer with the wallet's balance, in one transaction. */
export function createPurchasesService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  return {
    async buy(
      user: UserRow,
      tokenId: number,
      quantity: number,
      idempotencyKey: string | undefined,
    ) {
      const outcome = await idempotent<BuyResponse>(
        db,
        {
          userId: user.id,
          key: idempotencyKey,
          endpoint: `buy-token/${tokenId}`,
          payload: { quantity },
        },
        async (tx) => {
          // Checked inside: a retry of a purchase that succeeded replays its answer even after
          // the offer sold out or closed.
          const token = await repo.findToken(tx, tokenId);
          if (!token || token.status !== 'issued') throw AppError.notFound(TOKEN_NOT_FOUND);
          // Past its deadline an offer sells nothing more, even before the closing job has run.
          const today = todayInSaoPaulo(now());
          if (token.offerStatus !== 'funding' || token.deadlineForFunding < today)
            throw AppError.badRequest('quantity', buyMessages.notFunding);
          const amountCents = BigInt(quantity) * token.unitPriceCents;
          // Money first: the wallet row's own constraint refuses an overdraft.
          const key = `buy:${randomUUID()}`;
          try {
            await transfer(tx, {
              key,
              kind: 'purchase',
              from: accounts.wallet(user.id),
              to: accounts.escrow(tokenId),
              amountCents,
              userId: user.id,
              tokenId,
              quantity,
            });
          } catch (err) {
            if (err instanceof InsufficientFunds)
              throw AppError.badRequest('value', buyMessages.insufficient);
            throw err;
          }
          const newBuyer = await repo.addHolding(tx, user.id, tokenId, quantity);
          // The hot token row is touched last and once, to hold its lock as briefly as possible.
          const sold = await repo.sellUnits(tx, tokenId, quantity, amountCents, newBuyer, today);
          if (!sold) {
            const left = unitsLeft(token);
            throw AppError.badRequest(
              'quantity',
              left > 0
                ? `Quantidade indisponível: restam no máximo ${left} tokens.`
                : 'Não há mais tokens disponíveis.',
            );
          }
          await recordOnChain(tx, { tokenId, kind: 'mint', transferKeys: [key] });
          return {
            status: 201,
            body: {
              message: buyMessages.bought,
              token_id: tokenId,
              quantity,
              total: centsToDecimal(amountCents),
            },
          };
        },
      );
      catalogueChanged();
      return outcome;
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
