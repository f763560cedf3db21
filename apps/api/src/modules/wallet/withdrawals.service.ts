import { withdrawMessages } from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { saoPauloMonthStart } from '../../lib/sao-paulo-month.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { accounts, balanceOf, transfer } from '../ledger/ledger.ts';
import type { PixProvider } from '../pix/pix-provider.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import { withdrawnSince } from './wallet.repo.ts';
import { locks } from '../locks/locks.ts';
import * as repo from './withdrawals.repo.ts';

/**
 * A withdrawal is debited at once (with its record, in one transaction), then paid out by the
 * provider; a refused payout is reversed to the wallet by a reversing transfer.
 */
export function createWithdrawalsService(deps: {
  db: Database;
  pix: PixProvider;
  twoFactor: TwoFactorService;
  monthlyLimitCents: bigint;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, pix, twoFactor, monthlyLimitCents, now, log } = deps;

  async function payOut(withdrawal: {
    id: number;
    userId: number;
    keyPix: string;
    amountCents: bigint;
  }) {
    const result = await pix.payout(withdrawal);
    const at = now();
    if (result.ok) {
      await repo.settleWithdrawal(
        db,
        withdrawal.id,
        { status: 'paid', providerReference: result.reference },
        at,
      );
      return;
    }
    log.warn({ withdrawalId: withdrawal.id, reason: result.reason }, 'payout refused: reversing');
    await db.transaction(async (tx) => {
      if (
        !(await repo.settleWithdrawal(
          tx,
          withdrawal.id,
          { status: 'failed', failureReason: result.reason },
          at,
        ))
      )
        return;
      await transfer(tx, {
        key: `withdrawal-reversal:${withdrawal.id}`,
        kind: 'withdrawal_reversal',
        from: accounts.payoutClearing(),
        to: accounts.wallet(withdrawal.userId),
        amountCents: withdrawal.amountCents,
        userId: withdrawal.userId,
        reference: String(withdrawal.id),
      });
    });
  }

  return {
    async withdraw(
      user: UserRow,
      body: { token: string; value: bigint; key_pix: string },
      idempotencyKey: string | undefined,
    ) {
      if (!user.isTwoFactorAuthentication)
        throw AppError.forbidden(withdrawMessages.needsTwoFactor);
      const outcome = await idempotent<{ message: string; withdrawal_id: number }>(
        db,
        {
          userId: user.id,
          key: idempotencyKey,
          endpoint: 'pix/withdraw',
          payload: { value: body.value, key_pix: body.key_pix },
        },
        async (tx) => {
          await locks.userMoney(tx, user.id);
          if ((await twoFactor.consume(user, body.token, tx)) === null) {
            throw AppError.badRequest('token', withdrawMessages.codeInvalid);
          }
          if (body.value > (await balanceOf(tx, accounts.wallet(user.id)))) {
            throw AppError.badRequest('value', withdrawMessages.aboveBalance);
          }
          const used = await withdrawnSince(tx, user.id, saoPauloMonthStart(now()));
          if (body.value > monthlyLimitCents - used)
            throw AppError.badRequest('value', withdrawMessages.aboveMonthly);
          const withdrawal = await repo.insertWithdrawal(
            tx,
            { userId: user.id, amountCents: body.value, keyPix: body.key_pix },
            now(),
          );
          await transfer(tx, {
            key: `withdrawal:${withdrawal.id}`,
            kind: 'withdrawal',
            from: accounts.wallet(user.id),
            to: accounts.payoutClearing(),
            amountCents: body.value,
            userId: user.id,
            reference: String(withdrawal.id),
          });
          return {
            status: 201,
            body: { message: withdrawMessages.requested, withdrawal_id: withdrawal.id },
          };
        },
      );
      // The debit is committed: the payout (or its reversal) follows. A replayed request pays out
      // only if the first one never finished; the provider dedupes payouts by withdrawal id.
      const withdrawal = {
        id: outcome.body.withdrawal_id,
        userId: user.id,
        keyPix: body.key_pix,
        amountCents: body.value,
      };
      if ((await repo.withdrawalStatus(db, withdrawal.id)) === 'requested') {
        await payOut(withdrawal).catch((err: unknown) =>
          log.error(
            { err, withdrawalId: withdrawal.id },
            'payout failed; the retry job takes over',
          ),
        );
      }
      return outcome;
    },

    /** Retries payouts that a crash or a provider outage left unsettled; returns their ids. */
    async retryPayouts(limit = 20): Promise<number[]> {
      const due = await repo.claimDuePayouts(db, now(), limit);
      for (const withdrawal of due) {
        await payOut(withdrawal).catch((err: unknown) =>
          log.error(
            { err, withdrawalId: withdrawal.id, attempts: withdrawal.payoutAttempts },
            'payout retry failed',
          ),
        );
      }
      return due.map((w) => w.id);
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
