import { holdingValues } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTokens,
  fundedInvestor,
  insertIssuer,
  insertToken,
  userIdOf,
  walletBalance,
} from '../../testing/fixtures.ts';
import { holdingValuesDrift } from '../../testing/holding-values.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/*
 * The balance's holdings at unit price ("total_token_balance") are one row per holder, kept by the
 * functions that change holdings (packages/db/src/sql/holding-values.sql). The desistência's, the
 * refunds' and the board's tests check the row against the holdings with holdingValuesDrift.
 */
let t: TestApp;
let issuerId: number;

beforeAll(async () => {
  t = await createTestApp();
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

const storedValue = async (userId: number) =>
  (await t.db.select().from(holdingValues).where(eq(holdingValues.userId, userId)))[0]?.valueCents;

describe("a holder's holdings at unit price", () => {
  it('are one row, added to by each purchase, and what the balance shows', async () => {
    const first = await insertToken(t.db, issuerId, { unitPriceCents: 12_34n });
    const second = await insertToken(t.db, issuerId, { unitPriceCents: 250_00n });
    const who = await fundedInvestor(t, { balance: '1000.00' });
    const userId = await userIdOf(t, who);
    expect(await storedValue(userId)).toBeUndefined();
    expect(await walletBalance(t, who)).toMatchObject({ total_token_balance: '0.00' });

    expect((await buyTokens(t, who, first.id, 3)).statusCode).toBe(201);
    expect((await buyTokens(t, who, second.id, 2)).statusCode).toBe(201);
    expect((await buyTokens(t, who, first.id, 1)).statusCode).toBe(201);
    expect(await storedValue(userId)).toBe(4n * 12_34n + 2n * 250_00n);
    expect(await walletBalance(t, who)).toMatchObject({
      balance: '450.64',
      total_token_balance: '549.36',
    });
    expect(await holdingValuesDrift(t.db)).toEqual([]);
  });

  it('are checked against the holdings: a row off by a centavo is a drift', async () => {
    const token = await insertToken(t.db, issuerId, { unitPriceCents: 10_00n });
    const who = await fundedInvestor(t, { balance: '100.00' });
    const userId = await userIdOf(t, who);
    expect((await buyTokens(t, who, token.id, 5)).statusCode).toBe(201);
    expect(await holdingValuesDrift(t.db)).toEqual([]);

    await t.db
      .update(holdingValues)
      .set({ valueCents: 50_01n })
      .where(eq(holdingValues.userId, userId));
    expect(await holdingValuesDrift(t.db)).toEqual([
      { userId, expectedCents: '5000', storedCents: '5001' },
    ]);
    await t.db
      .update(holdingValues)
      .set({ valueCents: 50_00n })
      .where(eq(holdingValues.userId, userId));
  });
});
