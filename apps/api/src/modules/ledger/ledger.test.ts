import { ledgerAccounts } from '@copaiba/db';
import { createTestDatabase } from '@copaiba/db/testing';
import { users } from '@copaiba/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, balanceOf, InsufficientFunds, ledgerTotal, transfer } from './ledger.ts';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let userId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'Investidora', email: 'inv@example.com', passwordHash: 'x' })
    .returning({ id: users.id });
  userId = user!.id;
});
afterAll(() => handle.close());

describe('the ledger', () => {
  it('moves money once per key and always sums to zero', async () => {
    const { db } = handle;
    const deposit = {
      key: 'test:deposit:1',
      kind: 'deposit' as const,
      from: accounts.pixClearing(),
      to: accounts.wallet(userId),
      amountCents: 100_00n,
      userId,
    };
    expect(await db.transaction((tx) => transfer(tx, deposit))).toBe(true);
    expect(await db.transaction((tx) => transfer(tx, deposit))).toBe(false);
    expect(await balanceOf(db, accounts.wallet(userId))).toBe(100_00n);
    expect(await balanceOf(db, accounts.pixClearing())).toBe(-100_00n);
    expect(await ledgerTotal(db)).toBe(0n);
  });

  it('never overdraws a wallet, whatever the concurrency', async () => {
    const { db } = handle;
    const before = await balanceOf(db, accounts.wallet(userId));
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction((tx) =>
          transfer(tx, {
            key: `test:spend:${i}`,
            kind: 'withdrawal',
            from: accounts.wallet(userId),
            to: accounts.payoutClearing(),
            amountCents: before / 10n,
            userId,
          }),
        ),
      ),
    );
    const ok = attempts.filter((a) => a.status === 'fulfilled');
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => r.reason instanceof InsufficientFunds)).toBe(true);
    expect(await balanceOf(db, accounts.wallet(userId))).toBe(0n);
    expect(await ledgerTotal(db)).toBe(0n);
    const negative = (await db.select().from(ledgerAccounts)).filter(
      (a) => a.kind === 'wallet' && a.balanceCents < 0n,
    );
    expect(negative).toEqual([]);
  });

  it('moves money both ways between two wallets at once without deadlocking', async () => {
    const { db } = handle;
    const [other] = await db
      .insert(users)
      .values({ name: 'Outra', email: 'outra@example.com', passwordHash: 'x' })
      .returning({ id: users.id });
    const ids = [userId, other!.id];
    for (const id of ids) {
      await db.transaction((tx) =>
        transfer(tx, {
          key: `test:fund:${id}`,
          kind: 'deposit',
          from: accounts.pixClearing(),
          to: accounts.wallet(id),
          amountCents: 100_00n,
          userId: id,
        }),
      );
    }
    const moves = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        db.transaction((tx) =>
          transfer(tx, {
            key: `test:swap:${i}`,
            kind: 'withdrawal',
            from: accounts.wallet(ids[i % 2]!),
            to: accounts.wallet(ids[(i + 1) % 2]!),
            amountCents: 1_00n,
          }),
        ),
      ),
    );
    expect(moves.filter((m) => m.status === 'rejected')).toEqual([]);
    expect(await balanceOf(db, accounts.wallet(ids[1]!))).toBe(100_00n);
    expect(await ledgerTotal(db)).toBe(0n);
  });

  it('refuses transfers of nothing', async () => {
    await expect(
      handle.db.transaction((tx) =>
        transfer(tx, {
          key: 'zero',
          kind: 'deposit',
          from: accounts.pixClearing(),
          to: accounts.wallet(userId),
          amountCents: 0n,
        }),
      ),
    ).rejects.toThrow('positive');
  });
});
