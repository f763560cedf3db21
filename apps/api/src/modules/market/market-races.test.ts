import { addDays, marketMessages, todayInSaoPaulo } from '@copaiba/contracts';
import {
  idempotentRequests,
  ledgerTransfers,
  marketListings,
  marketTrades,
  notifications,
  tokenHoldings,
} from '@copaiba/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buyListing,
  buyTokens,
  cancelListing,
  chainJobsOfTransfers,
  createListing,
  distributingToken,
  fundedInvestor,
  insertIssuer,
  insertToken,
  listed,
  noonOf,
  userIdOf,
} from '../../testing/fixtures.ts';
import { sqlRows } from '../../lib/sql-rows.ts';
import { sqlLanguageCallsOf } from '../../testing/query-plans.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { requestHash } from '../../lib/idempotency.ts';
import { payDueInstallments } from '../jobs/installment-payouts.ts';
import { accounts, balanceOf, ledgerTotal } from '../ledger/ledger.ts';
import { buyBatch, buyEndpoint, type BuyRequest } from './market.repo.ts';

/*
 * The secondary board under concurrency, on PostgreSQL (docs/product.md §18): many buyers on the
 * last units of a listing never oversell it; a cancel racing a purchase never lets both take the
 * same units; a seller listing at once never reserves more than is free; an installment paid while
 * units change hands pays each unit exactly once, to the holder the ledger shows at that moment;
 * purchases of one listing that share a transaction are each answered as they would be alone.
 */

let t: TestApp;
let issuerId: number;

beforeAll(async () => {
  // Setup buys many offer units: the annual limit is not what these tests are about.
  t = await createTestApp({ env: { ANNUAL_INVESTMENT_LIMIT: '10000000.00' } });
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

/** Investors who bought in an offer (active investors), with money to spend on the board. */
async function activeInvestors(count: number, balance = '2000.00') {
  const offer = await insertToken(t.db, issuerId, { unitPriceCents: 1_00n, quantity: 100_000 });
  const investors = [];
  // One after another: the races are what comes after.
  for (let i = 0; i < count; i++) {
    const who = await fundedInvestor(t, { balance });
    expect((await buyTokens(t, who, offer.id, 1)).statusCode).toBe(201);
    investors.push(who);
  }
  return investors;
}

async function holdingsOf(tokenId: number) {
  return t.db
    .select({
      userId: tokenHoldings.userId,
      quantity: tokenHoldings.quantity,
      reserved: tokenHoldings.reserved,
    })
    .from(tokenHoldings)
    .where(eq(tokenHoldings.tokenId, tokenId));
}

describe('many buyers on the last units of one listing', () => {
  it('sell exactly what was listed, never more, and refuse the rest with a pt-BR reason', async () => {
    const [seller, ...buyers] = await activeInvestors(41);
    const token = await distributingToken(t, issuerId, [{ who: seller!, quantity: 20 }], {
      unitPriceCents: 10_00n,
    });
    const id = await listed(t, seller!, token.id, 12, '10.00');
    const asked = buyers.map((who, i) => ({ who, quantity: 1 + (i % 2) }));
    const answers = await Promise.all(
      asked.map(async (a) => ({ ...a, res: await buyListing(t, a.who, id, a.quantity) })),
    );
    const sold = answers.filter((a) => a.res.statusCode === 201);
    const refused = answers.filter((a) => a.res.statusCode !== 201);
    expect(sold.reduce((n, a) => n + a.quantity, 0)).toBe(12);
    for (const a of refused) {
      expect(a.res.statusCode).toBe(400);
      const body = a.res.json<{ detail?: string; quantity?: string[] }>();
      expect([
        'Esta oferta já foi toda vendida.',
        'Quantidade indisponível: resta 1 unidade nesta oferta.',
      ]).toContain(body.detail ?? body.quantity?.[0]);
    }
    const [listing] = await t.db.select().from(marketListings).where(eq(marketListings.id, id));
    expect(listing).toMatchObject({ status: 'sold_out', quantityLeft: 0 });
    const trades = await t.db.select().from(marketTrades).where(eq(marketTrades.listingId, id));
    expect(trades).toHaveLength(sold.length);
    const holdings = await holdingsOf(token.id);
    expect(holdings.reduce((n, h) => n + h.quantity, 0)).toBe(20);
    const sellerId = await userIdOf(t, seller!);
    expect(holdings.find((h) => h.userId === sellerId)).toMatchObject({ quantity: 8, reserved: 0 });
    expect(await ledgerTotal(t.db)).toBe(0n);
  });
});

/** market_buy_batch: purchases from one listing in one transaction, each answered as if alone. */
describe('purchases from one listing in one transaction', () => {
  const request = (buyerId: number, listingId: number, quantity: number, key?: string) =>
    ({
      buyerId,
      listingId,
      quantity,
      activeSince: new Date(t.clock.now.getTime() - 365 * 86_400_000),
      message: marketMessages.bought,
      ...(key
        ? {
            idempotency: {
              key,
              endpoint: buyEndpoint(listingId),
              hash: requestHash(buyEndpoint(listingId), { quantity }),
            },
          }
        : {}),
    }) satisfies BuyRequest;

  it('answers each purchase as it would have been alone, rolling back only the refused ones', async () => {
    const [seller, a, b] = await activeInvestors(3);
    // R$ 24,00 left after the offer's unit: not enough for a unit of R$ 30,00.
    const [poor] = await activeInvestors(1, '25.00');
    const inactive = await fundedInvestor(t, { balance: '1000.00' });
    const [sellerId, ia, ib, ipoor, iinactive] = await Promise.all(
      [seller!, a!, b!, poor!, inactive].map((who) => userIdOf(t, who)),
    );
    const token = await distributingToken(t, issuerId, [{ who: seller!, quantity: 10 }], {
      unitPriceCents: 10_00n,
    });
    const id = await listed(t, seller!, token.id, 6, '30.00');
    const first = await buyListing(t, a!, id, 1, 'mural-em-lote-0001');
    expect(first.statusCode).toBe(201);
    const poorBefore = await balanceOf(t.db, accounts.wallet(ipoor!));

    const outcomes = await buyBatch(
      t.db,
      [
        request(ia!, id, 2),
        request(ipoor!, id, 1),
        request(ia!, id, 1, 'mural-em-lote-0001'),
        request(ia!, id, 5, 'mural-em-lote-0001'),
        request(sellerId!, id, 1),
        request(iinactive!, id, 1),
        request(ib!, id, 4),
        request(ib!, id, 3, 'mural-em-lote-0002'),
        request(ib!, id, 3, 'mural-em-lote-0002'),
        request(ia!, id, 1),
      ],
      100,
    );
    expect(outcomes.map((o) => o.outcome)).toEqual([
      'bought',
      'insufficient',
      'replay',
      'key_reused',
      'own_listing',
      'not_active_investor',
      'not_enough_units',
      'bought',
      'replay',
      'listing_sold_out',
    ]);
    expect(outcomes[2]).toMatchObject({ status: 201 });
    expect(outcomes[6]).toEqual({ outcome: 'not_enough_units', unitsLeft: 3 });
    // The retry inside the batch gets the answer its first stored, moving nothing more.
    expect(outcomes[8]).toEqual({ ...outcomes[7], outcome: 'replay' });
    expect(await balanceOf(t.db, accounts.wallet(ipoor!))).toBe(poorBefore);

    const [listing] = await t.db.select().from(marketListings).where(eq(marketListings.id, id));
    expect(listing).toMatchObject({ status: 'sold_out', quantityLeft: 0 });
    const trades = await t.db.select().from(marketTrades).where(eq(marketTrades.listingId, id));
    expect(trades.map((tr) => [tr.buyerId, tr.quantity])).toEqual([
      [ia, 1],
      [ia, 2],
      [ib, 3],
    ]);
    // The batch's two trades in one transaction: one start time (the first trade came before).
    expect(trades[1]!.createdAt).toEqual(trades[2]!.createdAt);
    expect(trades[0]!.createdAt).not.toEqual(trades[1]!.createdAt);
    // R$ 90,00 plus 1% for b's three units.
    expect(await balanceOf(t.db, accounts.wallet(ib!))).toBe(1999_00n - 90_90n);
    const holdings = await holdingsOf(token.id);
    expect(holdings.find((h) => h.userId === sellerId)).toMatchObject({ quantity: 4, reserved: 0 });
    expect(holdings.find((h) => h.userId === ib)).toMatchObject({ quantity: 3 });
    expect(await ledgerTotal(t.db)).toBe(0n);

    // The batch's receipts (market.sql, step 4): one chain transfer of both its trades' lines,
    // then a notification to each buyer and one to the seller per trade, with what was left.
    const [, ...batch] = trades;
    const lines = await t.db
      .select({ id: ledgerTransfers.id, reference: ledgerTransfers.reference })
      .from(ledgerTransfers)
      .where(
        inArray(
          ledgerTransfers.reference,
          trades.map((tr) => String(tr.id)),
        ),
      );
    const jobs = await chainJobsOfTransfers(
      t.db,
      lines.map((l) => l.id),
    );
    const jobOf = (tradeId: number) =>
      new Set(
        jobs
          .filter((j) => lines.find((l) => l.id === j.transfer)!.reference === String(tradeId))
          .map((j) => j.job),
      );
    expect(jobs).toHaveLength(6);
    expect(new Set(jobs.map((j) => j.kind))).toEqual(new Set(['transfer']));
    expect(jobOf(trades[0]!.id).size).toBe(1);
    expect(jobOf(batch[0]!.id)).toEqual(jobOf(batch[1]!.id));
    expect(jobOf(batch[0]!.id)).not.toEqual(jobOf(trades[0]!.id));
    const receipts = await t.db
      .select({ userId: notifications.userId, kind: notifications.kind, data: notifications.data })
      .from(notifications)
      .where(
        and(
          inArray(notifications.kind, ['market_purchase', 'market_sale']),
          inArray(notifications.userId, [sellerId!, ia!, ib!, ipoor!, iinactive!]),
        ),
      )
      .orderBy(notifications.id);
    const brief = receipts.map((r) => [r.kind, r.userId, r.data.trade_id, r.data.quantity_left]);
    expect(brief.filter((r) => r[0] === 'market_purchase')).toEqual([
      ['market_purchase', ia, trades[0]!.id, undefined],
      ['market_purchase', ia, batch[0]!.id, undefined],
      ['market_purchase', ib, batch[1]!.id, undefined],
    ]);
    expect(brief.filter((r) => r[0] === 'market_sale')).toEqual([
      ['market_sale', sellerId, trades[0]!.id, 5],
      ['market_sale', sellerId, batch[0]!.id, 3],
      ['market_sale', sellerId, batch[1]!.id, 0],
    ]);
    expect(receipts.find((r) => r.data.trade_id === batch[1]!.id)!.data).toEqual({
      token_id: token.id,
      token_name: token.name,
      token_symbol: token.symbol,
      trade_id: batch[1]!.id,
      listing_id: id,
      quantity: 3,
      unit_price_cents: 30_00,
      amount_cents: 90_00,
      fee_cents: 90,
    });
  });

  it('calls no SQL-language function once per purchase, which PostgreSQL would plan every time', async () => {
    // Each purchase of a batch is a subtransaction, and PostgreSQL 15 parses and plans a SQL
    // function's body again in each new one (docs/PERFORMANCE.md, "The secondary board").
    const [seller, ...buyers] = await activeInvestors(4);
    const token = await distributingToken(t, issuerId, [{ who: seller!, quantity: 10 }], {
      unitPriceCents: 10_00n,
    });
    const id = await listed(t, seller!, token.id, 6, '10.00');
    const buyerIds = await Promise.all(buyers.map((who) => userIdOf(t, who)));
    const called = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local track_functions = 'all'`);
      const batch = async () => {
        const outcomes = await buyBatch(
          tx,
          buyerIds.map((buyerId) => request(buyerId, id, 1)),
          100,
        );
        expect(outcomes.map((o) => o.outcome)).toEqual(['bought', 'bought', 'bought']);
      };
      // The first batch also plans this connection's statements; the second is measured.
      await batch();
      return sqlLanguageCallsOf((text) => sqlRows(tx, sql.raw(text)), batch);
    });
    // Only the batch's own statements call any, outside the purchases: the offer's lock (its
    // class) and the receipts' one statement, which asks per notification whether to mail it
    // (notifications.sql). market_active_investor and desistencia_key were called per purchase.
    expect(
      called.filter(
        ([name]) =>
          !['lock_class', 'notification_mailed', 'notification_always_mailed'].includes(name),
      ),
    ).toEqual([]);
  });
});

describe('one Idempotency-Key in two requests at once', () => {
  it('buys from one of them and answers the other 422, over many races', async () => {
    const [seller, buyer] = await activeInvestors(2, '20000.00');
    const token = await distributingToken(t, issuerId, [{ who: seller!, quantity: 100 }], {
      unitPriceCents: 10_00n,
    });
    for (let round = 0; round < 10; round++) {
      const ids = [
        await listed(t, seller!, token.id, 2, '1.00'),
        await listed(t, seller!, token.id, 2, '1.00'),
      ];
      const key = `mural-duas-ofertas-${round}`;
      const answers = await Promise.all(ids.map((id) => buyListing(t, buyer!, id, 1, key)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
      const trades = await t.db
        .select()
        .from(marketTrades)
        .where(inArray(marketTrades.listingId, ids));
      expect(trades).toHaveLength(1);
    }
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('answers 422 when another endpoint commits the key while the purchase waits for it', async () => {
    const [seller, buyer] = await activeInvestors(2, '2000.00');
    const buyerId = await userIdOf(t, buyer!);
    const token = await distributingToken(t, issuerId, [{ who: seller!, quantity: 10 }]);
    const id = await listed(t, seller!, token.id, 5, '1.00');
    const key = 'mural-chave-disputada';
    // Another request's transaction (a deposit, say) holds the same key, not yet committed.
    let commit!: () => void;
    let inserted!: () => void;
    const keyWritten = new Promise<void>((resolve) => (inserted = resolve));
    const other = t.db.transaction(async (tx) => {
      await tx.insert(idempotentRequests).values({
        userId: buyerId,
        key,
        endpoint: 'wallet/deposit',
        requestHash: 'outra-requisicao',
        status: 201,
        body: {},
      });
      inserted();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await keyWritten;
    const buying = buyListing(t, buyer!, id, 1, key);
    // The purchase found no answer under the key and now waits on it.
    await vi.waitFor(
      async () => {
        const waiting = await t.db.execute(
          sql`select 1 from pg_stat_activity
              where query like '%market_buy_batch%' and wait_event_type = 'Lock'`,
        );
        expect(waiting).toMatchObject({ rowCount: 1 });
      },
      { timeout: 10_000 },
    );
    commit();
    await other;
    const res = await buying;
    expect(res.statusCode).toBe(422);
    expect(await t.db.select().from(marketTrades).where(eq(marketTrades.listingId, id))).toEqual(
      [],
    );
    expect(await ledgerTotal(t.db)).toBe(0n);
  });
});

describe('a cancel racing a purchase', () => {
  it('lets one of them take each unit, never both, over many races', async () => {
    const [seller, buyer] = await activeInvestors(2, '20000.00');
    const token = await distributingToken(t, issuerId, [{ who: seller!, quantity: 200 }], {
      unitPriceCents: 10_00n,
    });
    const orders = { purchaseFirst: 0, cancelFirst: 0 };
    for (let round = 0; round < 25; round++) {
      const id = await listed(t, seller!, token.id, 5, '1.00');
      const [buy, cancel] = await Promise.all([
        buyListing(t, buyer!, id, 3),
        cancelListing(t, seller!, id),
      ]);
      expect(cancel.statusCode).toBe(200);
      const released = cancel.json().released as number;
      if (buy.statusCode === 201) {
        orders.purchaseFirst++;
        expect(released).toBe(2);
      } else {
        orders.cancelFirst++;
        expect(buy.statusCode).toBe(400);
        expect(buy.json()).toEqual({
          detail: 'Esta oferta foi cancelada pelo vendedor e não está mais disponível.',
        });
        expect(released).toBe(5);
      }
      const [listing] = await t.db.select().from(marketListings).where(eq(marketListings.id, id));
      const sold = listing!.quantity - listing!.quantityLeft;
      expect(sold + released).toBe(5);
      expect(listing!.status).toBe('cancelled');
    }
    const sellerId = await userIdOf(t, seller!);
    const holding = (await holdingsOf(token.id)).find((h) => h.userId === sellerId)!;
    expect(holding.reserved).toBe(0);
    expect(holding.quantity).toBe(200 - 3 * orders.purchaseFirst);
    expect(orders.purchaseFirst + orders.cancelFirst).toBe(25);
  });
});

describe('a seller listing many times at once', () => {
  it('never reserves more units than are held', async () => {
    const [seller] = await activeInvestors(1);
    const token = await distributingToken(t, issuerId, [{ who: seller!, quantity: 10 }]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        createListing(t, seller!, { token_id: token.id, quantity: 3, unit_price: '5.00' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    for (const a of answers.filter((a) => a.statusCode !== 201)) {
      expect(a.statusCode).toBe(400);
      expect(a.json()).toEqual({
        quantity: ['Quantidade indisponível: você tem 1 unidade livre para vender.'],
      });
    }
    const [holding] = await holdingsOf(token.id);
    expect(holding).toMatchObject({ quantity: 10, reserved: 9 });
  });
});

describe('an installment paid while units change hands', () => {
  it('pays each unit exactly once, to whoever the ledger shows holding it then, over many races', async () => {
    const [seller, buyer] = await activeInvestors(2, '20000.00');
    const [sellerId, buyerId] = [await userIdOf(t, seller!), await userIdOf(t, buyer!)];
    const today = todayInSaoPaulo(t.clock.now);
    const payday = noonOf(addDays(today, 1));
    const orders = { saleFirst: 0, payoutFirst: 0 };
    for (let round = 0; round < 20; round++) {
      const token = await distributingToken(
        t,
        issuerId,
        [
          { who: seller!, quantity: 10 },
          { who: buyer!, quantity: 1 },
        ],
        { firstDateInstallment: addDays(today, 1), installments: 2 },
      );
      const id = await listed(t, seller!, token.id, 6, '50.00');
      const [sale] = await Promise.all([
        buyListing(t, buyer!, id, 4),
        payDueInstallments(t.db, payday),
      ]);
      expect(sale.statusCode).toBe(201);
      const moves = await t.db
        .select()
        .from(ledgerTransfers)
        .where(
          and(
            eq(ledgerTransfers.tokenId, token.id),
            inArray(ledgerTransfers.kind, [
              'purchase',
              'market_purchase',
              'market_sale',
              'remuneration',
            ]),
          ),
        )
        .orderBy(ledgerTransfers.id);
      const paid = moves.filter((m) => m.kind === 'remuneration');
      // Every unit of the token, paid once.
      expect(paid.reduce((n, m) => n + (m.quantity ?? 0), 0)).toBe(11);
      for (const userId of [sellerId, buyerId]) {
        const payment = paid.filter((m) => m.userId === userId);
        expect(payment).toHaveLength(1);
        // What the holder's own ledger says they held when the installment was paid.
        const held = moves
          .filter((m) => m.userId === userId && m.id < payment[0]!.id)
          .reduce(
            (n, m) =>
              n + (m.kind === 'market_sale' ? -1 : m.kind === 'remuneration' ? 0 : 1) * m.quantity!,
            0,
          );
        expect(payment[0]!.quantity).toBe(held);
      }
      const sellerPaid = paid.find((m) => m.userId === sellerId)!.quantity;
      if (sellerPaid === 6) orders.saleFirst++;
      else {
        expect(sellerPaid).toBe(10);
        orders.payoutFirst++;
      }
      expect(await ledgerTotal(t.db)).toBe(0n);
    }
    expect(orders.saleFirst + orders.payoutFirst).toBe(20);
  });
});
