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
import type { NotificationsService } from '../notifications/notifications.service.ts';
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
  notifications: Pick<NotificationsService, 'record'>;
}) {
  const { db, pix, twoFactor, monthlyLimitCents, now, log, notifications } = deps;

  async function payOut(withdrawal: {
    id: number;
    userId: number;
    keyPix: string;
    amountCents: bigint;
  }) {
    const result = await pix.payout(withdrawal);
    const at = now();
    const data = { withdrawal_id: withdrawal.id, amount_cents: Number(withdrawal.amountCents) };
    if (result.ok) {
      await db.transaction(async (tx) => {
        const settled = await repo.settleWithdrawal(
          tx,
          withdrawal.id,
          { status: 'paid', providerReference: result.reference },
          at,
        );
        if (settled)
          await notifications.record(tx, withdrawal.userId, { kind: 'withdrawal_paid', data });
      });
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
      await notifications.record(tx, withdrawal.userId, { kind: 'withdrawal_reversed', data });
    });
  }

  /**
   * Within the balance and what is left of the month's limit: the withdrawal's record and its
   * debit, in the caller's transaction (which holds the user's money lock).
   */
  async function debit(tx: Database, userId: number, value: bigint, keyPix: string) {
    if (value > (await balanceOf(tx, accounts.wallet(userId)))) {
      throw AppError.badRequest('value', withdrawMessages.aboveBalance);
    }
    const used = await withdrawnSince(tx, userId, saoPauloMonthStart(now()));
    if (value > monthlyLimitCents - used)
      throw AppError.badRequest('value', withdrawMessages.aboveMonthly);
    const withdrawal = await repo.insertWithdrawal(
      tx,
      { userId, amountCents: value, keyPix },
      now(),
    );
    await transfer(tx, {
      key: `withdrawal:${withdrawal.id}`,
      kind: 'withdrawal',
      from: accounts.wallet(userId),
      to: accounts.payoutClearing(),
      amountCents: value,
      userId,
      reference: String(withdrawal.id),
    });
    return withdrawal;
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
          const withdrawal = await debit(tx, user.id, body.value, body.key_pix);
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

    /**
     * A withdrawal written as history (the demo seed, docs/DECISIONS.md "demo seed"): what
     * `withdraw` does once the person's code was checked, at the service's clock: the limits, the
     * record and debit, then the payout. Returns the withdrawal's id.
     */
    async recordPast(userId: number, value: bigint, keyPix: string): Promise<number> {
      const withdrawal = await db.transaction(async (tx) => {
        await locks.userMoney(tx, userId);
        return debit(tx, userId, value, keyPix);
      });
      await payOut(withdrawal);
      return withdrawal.id;
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
