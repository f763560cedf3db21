import { randomUUID } from 'node:crypto';
import { buyMessages, todayInSaoPaulo } from '@copaiba/contracts';
import {
  chainJobs,
  chainJobTransfers,
  holdingValues,
  ledgerTransfers,
  mailOutbox,
  notificationCounts,
  notifications,
  tokenHoldings,
  tokens,
} from '@copaiba/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHash } from '../../lib/idempotency.ts';
import {
  buyTokens,
  fundedInvestor,
  insertIssuer,
  insertToken,
  userIdOf,
  walletBalance,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { holdingValuesDrift } from '../../testing/holding-values.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { accounts, balanceOf, ledgerTotal } from '../ledger/ledger.ts';
import { buyEndpoint, buyTokensBatch } from './purchases.repo.ts';

/** The app's default ANNUAL_INVESTMENT_LIMIT (R$ 20.000,00). */
const ANNUAL_INVESTMENT_LIMIT_CENTS = 20_000_00n;
let t: TestApp;
let issuerId: number;

beforeAll(async () => {
  t = await createTestApp();
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

const buy = (who: SignedIn, tokenId: number, quantity: unknown, key?: string) =>
  buyTokens(t, who, tokenId, quantity, key);

async function offer(overrides: Parameters<typeof insertToken>[2] = {}) {
  return insertToken(t.db, issuerId, {
    unitPriceCents: 100_00n,
    quantity: 1000,
    maximumAmountRaisedCents: 100_000_00n,
    ...overrides,
  });
}

async function invariants(tokenId: number) {
  const [token] = await t.db.select().from(tokens).where(eq(tokens.id, tokenId));
  const [held] = await t.db
    .select({ units: sql<string>`coalesce(sum(${tokenHoldings.quantity}), 0)` })
    .from(tokenHoldings)
    .where(eq(tokenHoldings.tokenId, tokenId));
  expect(Number(held?.units)).toBe(token!.unitsSold);
  expect(await balanceOf(t.db, accounts.escrow(tokenId))).toBe(token!.amountCapitatedCents);
  expect(await ledgerTotal(t.db)).toBe(0n);
  return token!;
}

/** The token's chain jobs in order, each with the ledger transfers it mirrors. */
async function mintsOf(tokenId: number) {
  const jobs = await t.db
    .select({ id: chainJobs.id, seq: chainJobs.seq, kind: chainJobs.kind })
    .from(chainJobs)
    .where(eq(chainJobs.tokenId, tokenId))
    .orderBy(asc(chainJobs.seq));
  const links = await t.db
    .select()
    .from(chainJobTransfers)
    .where(
      inArray(
        chainJobTransfers.jobId,
        jobs.map((j) => j.id),
      ),
    );
  return jobs.map((j) => ({
    ...j,
    transfers: links.filter((l) => l.jobId === j.id).map((l) => l.transferId),
  }));
}

/** The ids of the token's purchases (their ledger transfers). */
async function purchasesOf(tokenId: number) {
  const rows = await t.db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.tokenId, tokenId), eq(ledgerTransfers.kind, 'purchase')));
  return rows.map((r) => r.id);
}

describe('buying tokens', () => {
  it('moves the price from the wallet to the offer and records the units', async () => {
    const token = await offer();
    const who = await fundedInvestor(t, { balance: '1000.00' });
    const res = await buy(who, token.id, 3);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: 'Compra realizada com sucesso!',
      token_id: token.id,
      quantity: 3,
      total: '300.00',
    });
    const wallet = await walletBalance(t, who);
    expect(wallet).toMatchObject({ balance: '700.00', total_token_balance: '300.00' });
    const after = await invariants(token.id);
    expect(after).toMatchObject({ unitsSold: 3, buyers: 1, amountCapitatedCents: 300_00n });
    await buy(who, token.id, 1);
    expect((await invariants(token.id)).buyers).toBe(1);
  });

  it('refuses what the product refuses: no balance, no units, no offer, not a quantity', async () => {
    const token = await offer();
    const who = await fundedInvestor(t, { balance: '150.00' });
    expect((await buy(who, token.id, 1)).statusCode).toBe(201);
    const broke = await buy(who, token.id, 1);
    expect(broke.json()).toEqual({
      value: ['Saldo insuficiente para realizar a compra. Por favor, deposite mais fundos.'],
    });
    for (const quantity of [0, -1, 1.5, 'dois', null]) {
      expect((await buy(who, token.id, quantity)).json()).toEqual({
        quantity: ['Informe uma quantidade de pelo menos 1.'],
      });
    }
    const closed = await offer({ offer: 'distributing' });
    expect((await buy(who, closed.id, 1)).json()).toEqual({
      quantity: ['Este token não está em captação.'],
    });
    const hidden = await offer({ status: 'released' });
    expect((await buy(who, hidden.id, 1)).statusCode).toBe(404);
    expect((await buy(who, 999_999, 1)).statusCode).toBe(404);
    const rich = await fundedInvestor(t, { balance: '5000.00' });
    const tooMany = await buy(rich, (await offer({ maximumAmountRaisedCents: 1_000_00n })).id, 11);
    expect(tooMany.json()).toEqual({
      quantity: ['Quantidade indisponível: restam no máximo 10 tokens.'],
    });
    expect((await invariants(token.id)).unitsSold).toBe(1);
  });

  it('answers a retried purchase with the first answer and buys once', async () => {
    const token = await offer();
    const who = await fundedInvestor(t, { balance: '1000.00' });
    const key = 'compra-0001-abcdef';
    const answers = await Promise.all([
      buy(who, token.id, 2, key),
      buy(who, token.id, 2, key),
      buy(who, token.id, 2, key),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect((await invariants(token.id)).unitsSold).toBe(2);
    expect((await buy(who, token.id, 5, key)).statusCode).toBe(422);
  });

  it('replays a purchase that bought the last units, after the offer sold out', async () => {
    const token = await offer({ quantity: 3 });
    const who = await fundedInvestor(t, { balance: '1000.00' });
    const first = await buy(who, token.id, 3, 'compra-ultimas-0001');
    expect(first.statusCode).toBe(201);
    expect((await invariants(token.id)).offerStatus).toBe('all_sold');
    const retry = await buy(who, token.id, 3, 'compra-ultimas-0001');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect((await invariants(token.id)).unitsSold).toBe(3);
  });

  it('never oversells the last units to many buyers at once, and closes the offer as 100% vendido', async () => {
    const token = await offer({ quantity: 25, maximumAmountRaisedCents: 2_500_00n });
    const buyers = await Promise.all(
      Array.from({ length: 12 }, () => fundedInvestor(t, { balance: '1000.00' })),
    );
    const results = await Promise.all(
      buyers.flatMap((who) => [buy(who, token.id, 2), buy(who, token.id, 3)]),
    );
    const sold = results
      .filter((r) => r.statusCode === 201)
      .reduce((n, r) => n + (r.json().quantity as number), 0);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 400)).toBe(true);
    expect(sold).toBeLessThanOrEqual(25);
    const after = await invariants(token.id);
    expect(after.unitsSold).toBe(sold);
    if (sold === 25) expect(after.offerStatus).toBe('all_sold');
    const refused = results
      .filter((r) => r.statusCode === 400)
      .map((r) => Object.keys(r.json())[0]);
    expect(new Set(refused)).toEqual(new Set(refused.length ? ['quantity'] : []));
  });

  it('never overdraws a wallet that buys in parallel', async () => {
    const token = await offer();
    const who = await fundedInvestor(t, { balance: '500.00' });
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(who, token.id, 1)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const wallet = await walletBalance(t, who);
    expect(wallet.balance).toBe('0.00');
    await invariants(token.id);
  });

  it('sells an offer to exactly as many of many simultaneous buyers as it has units, numbering its chain jobs in order', async () => {
    const units = 20;
    const token = await offer({ quantity: units, maximumAmountRaisedCents: 3_000_00n });
    const buyers = await Promise.all(
      Array.from({ length: 32 }, () => fundedInvestor(t, { balance: '200.00' })),
    );
    const results = await Promise.all(
      buyers.map((who, i) => buy(who, token.id, 1, i % 2 ? `corrida-${i}-${token.id}` : undefined)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(units);
    expect(statuses.filter((s) => s === 400)).toHaveLength(buyers.length - units);
    for (const r of results.filter((r) => r.statusCode === 400))
      expect(r.json()).toEqual({
        quantity: [expect.stringMatching(/não está em captação|Não há mais/)],
      });
    const after = await invariants(token.id);
    expect(after).toMatchObject({ unitsSold: units, buyers: units, offerStatus: 'all_sold' });

    // Each batch's purchases are one mint (purchases.sql, step 4): how many depends on how the
    // requests met, but the jobs are numbered 1, 2, ... under the token row's lock, and every
    // purchase is in exactly one of them.
    const jobs = await mintsOf(token.id);
    expect(jobs.map((j) => j.seq)).toEqual(Array.from({ length: jobs.length }, (_, i) => i + 1));
    expect(jobs.map((j) => j.kind)).toEqual([
      'deploy',
      ...Array<string>(jobs.length - 1).fill('mint'),
    ]);
    expect(jobs.length).toBeLessThanOrEqual(units + 1);
    expect(after.chainSeq).toBe(jobs.length);
    // Numbered under the token row's lock: ids and seqs grow together.
    const ids = jobs.map((j) => j.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const mirrored = jobs.flatMap((j) => j.transfers);
    expect(new Set(mirrored).size).toBe(units);
    expect(mirrored.sort((x, y) => x - y)).toEqual(
      (await purchasesOf(token.id)).sort((x, y) => x - y),
    );
  });

  it('replays a retried purchase from its own answer, and refuses its key for another request', async () => {
    const token = await offer();
    const who = await fundedInvestor(t, { balance: '1000.00' });
    const first = await buy(who, token.id, 2, 'compra-repetida-0001');
    expect(first.statusCode).toBe(201);
    const again = await buy(who, token.id, 2, 'compra-repetida-0001');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await buy(who, token.id, 3, 'compra-repetida-0001')).statusCode).toBe(422);
    expect((await buy(who, token.id, 2, 'curta')).statusCode).toBe(400);
    expect((await invariants(token.id)).unitsSold).toBe(2);
  });
});

/** buy_tokens_batch: purchases of one offer in one transaction, each answered as if alone. */
describe('purchases in one transaction', () => {
  const idOf = (who: SignedIn) => userIdOf(t, who);
  const request = (userId: number, tokenId: number, quantity: number, key?: string) => ({
    userId,
    tokenId,
    quantity,
    today: todayInSaoPaulo(t.clock.now),
    transferKey: `buy:${randomUUID()}`,
    message: buyMessages.bought,
    ...(key
      ? {
          idempotency: {
            key,
            endpoint: buyEndpoint(tokenId),
            hash: requestHash(buyEndpoint(tokenId), { quantity }),
          },
        }
      : {}),
  });

  it('answers each purchase as buy_tokens alone would, rolling back only the refused ones', async () => {
    const token = await offer({ quantity: 10 });
    const [a, b, c, d] = await Promise.all([
      fundedInvestor(t, { balance: '1000.00' }),
      fundedInvestor(t, { balance: '50.00' }),
      fundedInvestor(t, { balance: '1000.00' }),
      fundedInvestor(t, { balance: '1000.00' }),
    ]);
    const [ia, ib, ic, id] = await Promise.all([a, b, c, d].map((who) => idOf(who)));
    const first = await buy(a, token.id, 1, 'compra-em-lote-0001');
    expect(first.statusCode).toBe(201);
    const [firstPurchase] = await purchasesOf(token.id);

    const outcomes = await buyTokensBatch(
      t.db,
      [
        request(ia!, token.id, 2),
        request(ib!, token.id, 1),
        request(ia!, token.id, 1, 'compra-em-lote-0001'),
        request(ia!, token.id, 5, 'compra-em-lote-0001'),
        request(ic!, token.id, 6),
        request(id!, token.id, 2),
        request(id!, token.id, 1),
      ],
      ANNUAL_INVESTMENT_LIMIT_CENTS,
    );
    expect(outcomes.map((o) => o.outcome)).toEqual([
      'bought',
      'insufficient',
      'replay',
      'key_reused',
      'bought',
      'sold_out',
      'bought',
    ]);
    expect(outcomes[2]).toMatchObject({ status: 201, body: first.json() });
    expect(outcomes[5]).toEqual({ outcome: 'sold_out', unitsLeft: 1 });
    expect(await balanceOf(t.db, accounts.wallet(ib!))).toBe(50_00n);
    expect(await balanceOf(t.db, accounts.wallet(id!))).toBe(900_00n);
    const after = await invariants(token.id);
    expect(after.unitsSold).toBe(10);
    expect(after.offerStatus).toBe('all_sold');

    // The receipts of the three bought (a's 2, c's 6, d's 1), written for the batch (purchases.sql,
    // step 4): one mint of the three, then one notification and one mail each, none for a refusal.
    const batch = (await purchasesOf(token.id)).filter((p) => p !== firstPurchase);
    expect(batch).toHaveLength(3);
    expect(
      (await mintsOf(token.id)).map((j) => [j.seq, j.kind, j.transfers.sort((x, y) => x - y)]),
    ).toEqual([
      [1, 'deploy', []],
      [2, 'mint', [firstPurchase]],
      [3, 'mint', batch.sort((x, y) => x - y)],
    ]);
    expect(after.chainSeq).toBe(3);
    const receipts = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          inArray(notifications.userId, [ia!, ib!, ic!, id!]),
          eq(notifications.kind, 'purchase_confirmed'),
        ),
      )
      .orderBy(asc(notifications.id));
    expect(receipts.map((r) => [r.userId, r.data.quantity, r.data.total_cents])).toEqual([
      [ia, 1, 100_00],
      [ia, 2, 200_00],
      [ic, 6, 600_00],
      [id, 1, 100_00],
    ]);
    expect(receipts.slice(1).map((r) => r.data.purchase_id)).toEqual(batch);
    expect(receipts[3]!.data).toEqual({
      token_id: token.id,
      token_name: token.name,
      token_symbol: token.symbol,
      purchase_id: batch[2],
      quantity: 1,
      unit_price_cents: 100_00,
      total_cents: 100_00,
    });
    const mails = await t.db
      .select({ notificationId: mailOutbox.notificationId, userId: mailOutbox.userId })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.notificationId,
          receipts.map((r) => r.id),
        ),
      )
      .orderBy(asc(mailOutbox.notificationId));
    expect(mails).toEqual(receipts.map((r) => ({ notificationId: r.id, userId: r.userId })));
    const counts = await t.db
      .select({ userId: notificationCounts.userId, total: notificationCounts.total })
      .from(notificationCounts)
      .where(inArray(notificationCounts.userId, [ia!, ib!, ic!, id!]));
    const notified = await t.db
      .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(inArray(notifications.userId, [ia!, ib!, ic!, id!]))
      .groupBy(notifications.userId);
    expect(new Map(counts.map((c) => [c.userId, Number(c.total)]))).toEqual(
      new Map(notified.map((n) => [n.userId, n.n])),
    );
  });

  it('sells to a burst of buyers through the API, mixing refusals, exactly what each could buy', async () => {
    const token = await offer({ quantity: 30 });
    const buyers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        fundedInvestor(t, { balance: i % 4 === 3 ? '50.00' : '1000.00' }),
      ),
    );
    const answers = await Promise.all(buyers.map((who) => buy(who, token.id, 2)));
    const byStatus = (code: number) => answers.filter((r) => r.statusCode === code).length;
    // 18 can pay for 2 units of 100.00; 6 cannot. 30 units: 15 of the 18 are served.
    expect(byStatus(201)).toBe(15);
    expect(byStatus(400)).toBe(9);
    for (const [i, res] of answers.entries()) {
      if (i % 4 !== 3) continue;
      // Refused for the balance, or, once the units are gone, for the offer (checked first).
      expect([
        { value: [buyMessages.insufficient] },
        { quantity: [buyMessages.notFunding] },
      ]).toContainEqual(res.json());
      expect(await balanceOf(t.db, accounts.wallet(await idOf(buyers[i]!)))).toBe(50_00n);
    }
    const after = await invariants(token.id);
    expect(after.unitsSold).toBe(30);
    expect(after.buyers).toBe(15);
  });
});

/*
 * The balance's holdings at unit price ("total_token_balance") and the count of 'Meus Ativos' are
 * one row per holder, kept by the functions that change holdings
 * (packages/db/src/sql/holding-values.sql). The desistência's, the refunds' and the board's tests
 * check the row against the holdings with holdingValuesDrift.
 */
const storedRow = async (userId: number) =>
  (await t.db.select().from(holdingValues).where(eq(holdingValues.userId, userId)))[0];
const storedValue = async (userId: number) => (await storedRow(userId))?.valueCents;

describe("a holder's holdings at unit price", () => {
  it('are one row, added to by each purchase, and what the balance shows', async () => {
    const first = await insertToken(t.db, issuerId, { unitPriceCents: 12_34n });
    const second = await insertToken(t.db, issuerId, { unitPriceCents: 250_00n });
    const who = await fundedInvestor(t, { balance: '1000.00' });
    const userId = await userIdOf(t, who);
    expect(await storedValue(userId)).toBeUndefined();
    expect(await walletBalance(t, who)).toMatchObject({ total_token_balance: '0.00' });

    expect((await buy(who, first.id, 3)).statusCode).toBe(201);
    expect((await buy(who, second.id, 2)).statusCode).toBe(201);
    expect((await buy(who, first.id, 1)).statusCode).toBe(201);
    expect(await storedRow(userId)).toMatchObject({
      valueCents: 4n * 12_34n + 2n * 250_00n,
      holdings: 2,
    });
    expect(await walletBalance(t, who)).toMatchObject({
      balance: '450.64',
      total_token_balance: '549.36',
    });
    expect(await holdingValuesDrift(t.db)).toEqual([]);
  });

  it('are checked against the holdings: a row off by a centavo or a token is a drift', async () => {
    const token = await insertToken(t.db, issuerId, { unitPriceCents: 10_00n });
    const who = await fundedInvestor(t, { balance: '100.00' });
    const userId = await userIdOf(t, who);
    expect((await buy(who, token.id, 5)).statusCode).toBe(201);
    expect(await holdingValuesDrift(t.db)).toEqual([]);

    await t.db
      .update(holdingValues)
      .set({ valueCents: 50_01n })
      .where(eq(holdingValues.userId, userId));
    const drift = { userId, expectedCents: '5000', storedCents: '5000' };
    expect(await holdingValuesDrift(t.db)).toEqual([
      { ...drift, storedCents: '5001', expectedHoldings: 1, storedHoldings: 1 },
    ]);
    await t.db
      .update(holdingValues)
      .set({ valueCents: 50_00n, holdings: 2 })
      .where(eq(holdingValues.userId, userId));
    expect(await holdingValuesDrift(t.db)).toEqual([
      { ...drift, expectedHoldings: 1, storedHoldings: 2 },
    ]);
    await t.db.update(holdingValues).set({ holdings: 1 }).where(eq(holdingValues.userId, userId));
  });
});
