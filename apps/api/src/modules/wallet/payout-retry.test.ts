import { withdrawals } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { fundedInvestor, userIdOf } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { accounts, balanceOf, ledgerTotal, transfer } from '../ledger/ledger.ts';
import { recordNotification } from '../notifications/notifications.service.ts';
import { SANDBOX_FAILING_KEY, sandboxPixProvider, type PixProvider } from '../pix/pix-provider.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import { createWithdrawalsService } from './withdrawals.service.ts';
import * as repo from './withdrawals.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The sandbox provider behind an outage that lasts `outageCalls` payouts; counts every call. */
function flakyProvider(outageCalls: number) {
  const sandbox = sandboxPixProvider(loadConfig({ NODE_ENV: 'test' }));
  const calls: number[] = [];
  const provider: PixProvider = {
    ...sandbox,
    async payout(payout) {
      calls.push(payout.id);
      if (calls.length <= outageCalls) throw new Error('connect ETIMEDOUT');
      return sandbox.payout(payout);
    },
  };
  return { provider, calls };
}

function service(pix: PixProvider) {
  return createWithdrawalsService({
    db: t.db,
    pix,
    // Retries never ask for a code: the code was checked when the withdrawal was requested.
    twoFactor: {} as TwoFactorService,
    monthlyLimitCents: 20_000_00n,
    now: () => t.clock.now,
    log: t.app.log,
    notifications: { record: recordNotification },
  });
}

/** What a withdrawal request leaves behind when the process dies right after committing it. */
async function debitedButNeverPaid(amountCents: bigint, keyPix = 'ana@example.com') {
  const userId = await userIdOf(t, await fundedInvestor(t, { balance: '100.00' }));
  const withdrawal = await t.db.transaction(async (tx) => {
    const row = await repo.insertWithdrawal(tx, { userId, amountCents, keyPix }, t.clock.now);
    await transfer(tx, {
      key: `withdrawal:${row.id}`,
      kind: 'withdrawal',
      from: accounts.wallet(userId),
      to: accounts.payoutClearing(),
      amountCents,
      userId,
      reference: String(row.id),
    });
    return row;
  });
  return { userId, withdrawal };
}

const statusOf = async (id: number) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

describe('retrying payouts a crash or an outage left unsettled', () => {
  it('leaves a fresh withdrawal to its own request, then retries with growing pauses', async () => {
    const { withdrawal } = await debitedButNeverPaid(40_00n);
    const { provider, calls } = flakyProvider(1);
    const payouts = service(provider);

    expect(await payouts.retryPayouts()).not.toContain(withdrawal.id);
    t.advance(3 * 60_000);
    expect(await payouts.retryPayouts()).toContain(withdrawal.id);
    expect(calls).toEqual([withdrawal.id]);
    expect(await statusOf(withdrawal.id)).toMatchObject({ status: 'requested', payoutAttempts: 2 });

    // The second retry waits 4 minutes.
    t.advance(3 * 60_000);
    expect(await payouts.retryPayouts()).not.toContain(withdrawal.id);
    t.advance(60_000 + 1);
    expect(await payouts.retryPayouts()).toContain(withdrawal.id);
    expect(await statusOf(withdrawal.id)).toMatchObject({
      status: 'paid',
      payoutAttempts: 3,
      providerReference: `SANDBOX${String(withdrawal.id).padStart(10, '0')}`,
    });
    t.advance(60 * 60_000);
    expect(await payouts.retryPayouts()).not.toContain(withdrawal.id);
    expect(calls).toEqual([withdrawal.id, withdrawal.id]);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('reverses a payout the bank refuses on retry, once', async () => {
    const { userId, withdrawal } = await debitedButNeverPaid(60_00n, SANDBOX_FAILING_KEY);
    expect(await balanceOf(t.db, accounts.wallet(userId))).toBe(40_00n);
    t.advance(3 * 60_000);
    const payouts = service(flakyProvider(0).provider);
    expect(await payouts.retryPayouts()).toContain(withdrawal.id);
    expect((await statusOf(withdrawal.id)).status).toBe('failed');
    expect(await balanceOf(t.db, accounts.wallet(userId))).toBe(100_00n);
    t.advance(60 * 60_000);
    expect(await payouts.retryPayouts()).not.toContain(withdrawal.id);
    expect(await balanceOf(t.db, accounts.wallet(userId))).toBe(100_00n);
  });

  it('hands each due payout to one of several instances at a time', async () => {
    const pending = await Promise.all(Array.from({ length: 6 }, () => debitedButNeverPaid(10_00n)));
    t.advance(3 * 60_000);
    const { provider, calls } = flakyProvider(0);
    const claimed = await Promise.all([
      service(provider).retryPayouts(),
      service(provider).retryPayouts(),
      service(provider).retryPayouts(),
    ]);
    const ids = pending.map((p) => p.withdrawal.id);
    const mine = claimed.flat().filter((id) => ids.includes(id));
    expect(mine.sort()).toEqual([...ids].sort());
    expect(calls.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await statusOf(id)).status).toBe('paid');
  });
});
