import { ledgerAccounts, ledgerStatementCounts, ledgerTransfers } from '@copaiba/db';
import { createTestDatabase } from '@copaiba/db/testing';
import { users } from '@copaiba/db';
import { count, eq, isNotNull } from 'drizzle-orm';
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

  it("keeps each user's statement count per kind with the transfers, however they end", async () => {
    const { db } = handle;
    const [other] = await db
      .insert(users)
      .values({ name: 'Contada', email: 'contada@example.com', passwordHash: 'x' })
      .returning({ id: users.id });
    const me = other!.id;
    const deposit = (i: number) => ({
      key: `test:count:deposit:${i}`,
      kind: 'deposit' as const,
      from: accounts.pixClearing(),
      to: accounts.wallet(me),
      amountCents: 10_00n,
      userId: me,
    });
    // Twelve deposits at once, one of them sent twice: eleven transfers.
    await Promise.all(
      [...Array.from({ length: 11 }, (_, i) => deposit(i)), deposit(3)].map((d) =>
        db.transaction((tx) => transfer(tx, d)),
      ),
    );
    // A withdrawal whose transaction rolls back, and one past the balance: nothing counted.
    await expect(
      db.transaction(async (tx) => {
        await transfer(tx, {
          key: 'test:count:undone',
          kind: 'withdrawal',
          from: accounts.wallet(me),
          to: accounts.payoutClearing(),
          amountCents: 1_00n,
          userId: me,
        });
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    await expect(
      db.transaction((tx) =>
        transfer(tx, {
          key: 'test:count:overdraft',
          kind: 'withdrawal',
          from: accounts.wallet(me),
          to: accounts.payoutClearing(),
          amountCents: 1_000_00n,
          userId: me,
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    await db.transaction((tx) =>
      transfer(tx, {
        key: 'test:count:withdrawal',
        kind: 'withdrawal',
        from: accounts.wallet(me),
        to: accounts.payoutClearing(),
        amountCents: 5_00n,
        userId: me,
      }),
    );
    const counts = await db
      .select({ kind: ledgerStatementCounts.kind, transfers: ledgerStatementCounts.transfers })
      .from(ledgerStatementCounts)
      .where(eq(ledgerStatementCounts.userId, me))
      .orderBy(ledgerStatementCounts.kind);
    expect(counts).toEqual([
      { kind: 'deposit', transfers: 11 },
      { kind: 'withdrawal', transfers: 1 },
    ]);
    const [inLedger] = await db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.userId, me));
    expect(inLedger!.n).toBe(12);
  });

  it("refuses a transfer on a user's statement that does not move that user's wallet", async () => {
    const { db } = handle;
    const before = await db.select({ n: count() }).from(ledgerTransfers);
    await expect(
      db.transaction((tx) =>
        transfer(tx, {
          key: 'test:count:elsewhere',
          kind: 'deposit',
          from: accounts.pixClearing(),
          to: accounts.payoutClearing(),
          amountCents: 1_00n,
          userId,
        }),
      ),
    ).rejects.toMatchObject({
      cause: { message: expect.stringContaining("must move that user's wallet") },
    });
    expect(await db.select({ n: count() }).from(ledgerTransfers)).toEqual(before);
    // Nothing outside ledger_transfer writes the counts: they are the ledger's, user by user.
    const kept = await db
      .select({
        userId: ledgerStatementCounts.userId,
        kind: ledgerStatementCounts.kind,
        n: ledgerStatementCounts.transfers,
      })
      .from(ledgerStatementCounts)
      .orderBy(ledgerStatementCounts.userId, ledgerStatementCounts.kind);
    const grouped = await db
      .select({ userId: ledgerTransfers.userId, kind: ledgerTransfers.kind, n: count() })
      .from(ledgerTransfers)
      .where(isNotNull(ledgerTransfers.userId))
      .groupBy(ledgerTransfers.userId, ledgerTransfers.kind)
      .orderBy(ledgerTransfers.userId, ledgerTransfers.kind);
    expect(kept).toEqual(grouped);
  });
});
