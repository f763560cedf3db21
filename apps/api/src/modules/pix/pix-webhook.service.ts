import { timingSafeEqual } from 'node:crypto';
import { decimalToCents, type PixWebhookBody } from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { accounts, transfer } from '../ledger/ledger.ts';
import * as repo from '../wallet/wallet.repo.ts';

export type Settlement = 'credited' | 'duplicate' | 'unknown_charge' | 'amount_mismatch';

/** Confirmations from the PSP: each endToEndId credits its charge's wallet exactly once. */
export function createPixWebhookService(deps: {
  db: Database;
  secret: string;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, secret, now, log } = deps;
  const expected = Buffer.from(secret);

  return {
    authenticate(hmac: string | undefined): void {
      const given = Buffer.from(hmac ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw AppError.unauthorized('Webhook não autenticado.');
      }
    },

    async settle(pix: PixWebhookBody['pix'][number]): Promise<Settlement> {
      return settleOnce(pix).catch((err: unknown) => {
        // The endToEndId already credited another charge: the same payment reported twice.
        if (isUniqueViolation(err)) return 'duplicate' as const;
        throw err;
      });
    },
  };

  function settleOnce(pix: PixWebhookBody['pix'][number]): Promise<Settlement> {
    return db.transaction(async (tx) => {
      const charge = await repo.lockCharge(tx, pix.txid);
      if (!charge) return 'unknown_charge';
      if (charge.status === 'paid') return 'duplicate';
      if (decimalToCents(pix.valor) !== charge.amountCents) {
        log.warn(
          { txid: pix.txid, valor: pix.valor },
          'pix confirmation with a different amount: left for review',
        );
        return 'amount_mismatch';
      }
      const at = now();
      await repo.markChargePaid(tx, charge.txid, pix.endToEndId, at);
      const moved = await transfer(tx, {
        key: `pix:${pix.endToEndId}`,
        kind: 'deposit',
        from: accounts.pixClearing(),
        to: accounts.wallet(charge.userId),
        amountCents: charge.amountCents,
        userId: charge.userId,
        reference: charge.txid,
      });
      return moved ? 'credited' : 'duplicate';
    });
  }
}

export type PixWebhookService = ReturnType<typeof createPixWebhookService>;
