import { investorMessages, saoPauloDateTime, todayInSaoPaulo } from '@copaiba/contracts';
import { chainJobs, chainJobTransfers, ledgerTransfers, tokenHoldings, tokens } from '@copaiba/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annualTotalsDrift } from '../../testing/annual-totals.ts';
import { holdingValuesDrift } from '../../testing/holding-values.ts';
import {
  buyTokens,
  desist,
  fundedInvestor,
  insertIssuer,
  insertToken,
  investorProfile,
  login,
  plusDays,
  purchasesPage,
  statementPage,
  walletBalance,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { closeDueOffers } from '../jobs/offer-closing.ts';
import { accounts, balanceOf, ledgerTotal } from '../ledger/ledger.ts';

const WINDOW_MS = 5 * 86_400_000;
let t: TestApp;
let issuerId: number;

beforeAll(async () => {
  t = await createTestApp();
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

const offer = (overrides: Parameters<typeof insertToken>[2] = {}) =>
  insertToken(t.db, issuerId, {
    unitPriceCents: 100_00n,
    quantity: 1000,
    maximumAmountRaisedCents: 100_000_00n,
    ...overrides,
  });

const tokenRow = async (id: number) =>
  (await t.db.select().from(tokens).where(eq(tokens.id, id)))[0]!;

/** Buys and answers the purchase's id, as 'Minhas compras' lists it. */
async function bought(who: SignedIn, tokenId: number, quantity: number) {
  const res = await buyTokens(t, who, tokenId, quantity);
  expect(res.statusCode, res.body).toBe(201);
  return (await purchasesPage(t, who)).results[0] as { id: number; datetime: string };
}

async function moneyAndUnitsAgree(tokenId: number) {
  const token = await tokenRow(tokenId);
  const held = await t.db.select().from(tokenHoldings).where(eq(tokenHoldings.tokenId, tokenId));
  expect(held.reduce((n, h) => n + h.quantity, 0)).toBe(token.unitsSold);
  expect(await balanceOf(t.db, accounts.escrow(tokenId))).toBe(token.amountCapitatedCents);
  expect(await ledgerTotal(t.db)).toBe(0n);
  expect(await annualTotalsDrift(t.db)).toEqual([]);
  expect(await holdingValuesDrift(t.db)).toEqual([]);
  return token;
}

describe('desistência (docs/product.md §15)', () => {
  it('undoes the whole purchase in its window: money back at once, units back, burned on chain', async () => {
    const token = await offer();
    const who = await fundedInvestor(t, { balance: '1000.00' });
    await bought(who, token.id, 2);
    const purchase = await bought(who, token.id, 3);
    const page = await purchasesPage(t, who);
    expect(page.results[0]).toEqual({
      id: purchase.id,
      token_id: token.id,
      name_token: token.name,
      quantity: 3,
      total: '300.00',
      datetime: purchase.datetime,
      status: 'confirmada',
      desistencia_until: new Date(Date.parse(purchase.datetime) + WINDOW_MS).toISOString(),
    });
    expect(await investorProfile(t, who)).toMatchObject({ invested_this_year: '500.00' });

    const res = await desist(t, who, purchase.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: investorMessages.desistenciaDone });
    expect(await walletBalance(t, who)).toMatchObject({
      balance: '800.00',
      total_token_balance: '200.00',
    });
    const after = await moneyAndUnitsAgree(token.id);
    expect(after).toMatchObject({ unitsSold: 2, amountCapitatedCents: 200_00n, buyers: 1 });
    expect(await investorProfile(t, who)).toMatchObject({ invested_this_year: '200.00' });

    const rows = (await purchasesPage(t, who)).results;
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['desistida', 'confirmada']);
    expect(rows[0].desistencia_until).toBeNull();
    expect((await statementPage(t, who, 'todos'))[0]).toMatchObject({
      type_operation: 'Desistência',
      quantity: 3,
      balance: '300.00',
      scan_hash_transaction: 'pendente',
    });
    expect((await statementPage(t, who, 'comprados')).map((r) => r.type_operation)).not.toContain(
      'Desistência',
    );

    const [burn] = await t.db
      .select({ kind: chainJobs.kind, transfer: ledgerTransfers })
      .from(chainJobs)
      .innerJoin(chainJobTransfers, eq(chainJobTransfers.jobId, chainJobs.id))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, chainJobTransfers.transferId))
      .where(and(eq(chainJobs.tokenId, token.id), eq(ledgerTransfers.kind, 'desistencia')));
    expect(burn).toMatchObject({
      kind: 'burn',
      transfer: { quantity: 3, amountCents: 300_00n, reference: String(purchase.id) },
    });
  });

  it('is idempotent: retries, even at once, answer 200 and move the money once', async () => {
    const token = await offer();
    const who = await fundedInvestor(t, { balance: '500.00' });
    const purchase = await bought(who, token.id, 4);
    const answers = await Promise.all(Array.from({ length: 6 }, () => desist(t, who, purchase.id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await desist(t, who, purchase.id)).json()).toEqual({
      message: investorMessages.desistenciaDone,
    });
    expect((await walletBalance(t, who)).balance).toBe('500.00');
    const undone = await t.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.tokenId, token.id), eq(ledgerTransfers.kind, 'desistencia')));
    expect(undone).toHaveLength(1);
    expect(await moneyAndUnitsAgree(token.id)).toMatchObject({ unitsSold: 0, buyers: 0 });
  });

  it('puts a sold-out offer back on sale', async () => {
    const token = await offer({ quantity: 3, maximumAmountRaisedCents: 300_00n });
    const [ana, bia] = [
      await fundedInvestor(t, { balance: '500.00' }),
      await fundedInvestor(t, { balance: '500.00' }),
    ];
    const purchase = await bought(ana, token.id, 3);
    expect((await tokenRow(token.id)).offerStatus).toBe('all_sold');
    expect((await desist(t, ana, purchase.id)).statusCode).toBe(200);
    expect((await tokenRow(token.id)).offerStatus).toBe('funding');
    expect((await buyTokens(t, bia, token.id, 3)).statusCode).toBe(201);
    expect(await moneyAndUnitsAgree(token.id)).toMatchObject({
      offerStatus: 'all_sold',
      unitsSold: 3,
      buyers: 1,
    });
  });

  it('refuses once the window is over, saying when it ended', async () => {
    const token = await offer();
    const who = await fundedInvestor(t, { balance: '500.00' });
    const purchase = await bought(who, token.id, 1);
    const until = new Date(Date.parse(purchase.datetime) + WINDOW_MS);
    const before = t.clock.now;
    t.clock.now = new Date(until.getTime() + 1000);
    try {
      // Five days on, the morning's access token has long expired: the investor signs in again.
      Object.assign(who, { access: (await login(t, who.email)).json().access as string });
      const res = await desist(t, who, purchase.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: `O prazo de desistência desta compra terminou em ${saoPauloDateTime(until)}.`,
      });
      expect((await purchasesPage(t, who)).results[0]).toMatchObject({
        status: 'confirmada',
        desistencia_until: null,
      });
    } finally {
      t.clock.now = before;
    }
    Object.assign(who, { access: (await login(t, who.email)).json().access as string });
    expect((await walletBalance(t, who)).balance).toBe('400.00');
  });

  it('refuses once the offer has closed, and answers 404 for a purchase that is not yours', async () => {
    const token = await offer();
    const [who, other] = [
      await fundedInvestor(t, { balance: '500.00' }),
      await fundedInvestor(t, { balance: '500.00' }),
    ];
    const purchase = await bought(who, token.id, 1);
    expect((await desist(t, other, purchase.id)).statusCode).toBe(404);
    expect((await desist(t, who, 987_654_321)).json()).toEqual({
      detail: investorMessages.purchaseNotFound,
    });
    await t.db.update(tokens).set({ offerStatus: 'distributing' }).where(eq(tokens.id, token.id));
    const res = await desist(t, who, purchase.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: investorMessages.desistenciaOfferClosed });
    expect((await purchasesPage(t, who)).results[0].desistencia_until).toBeNull();
    expect((await walletBalance(t, who)).balance).toBe('400.00');
  });

  it('refunds a failed offer net of desistências, and neither counts in the annual limit', async () => {
    const today = todayInSaoPaulo(t.clock.now);
    const token = await offer({ deadlineForFunding: today, minimumAmountRaisedCents: 50_000_00n });
    const who = await fundedInvestor(t, { balance: '1000.00' });
    const undone = await bought(who, token.id, 2);
    await bought(who, token.id, 3);
    expect((await desist(t, who, undone.id)).statusCode).toBe(200);
    const after = new Date(`${plusDays(today, 6)}T12:00:00-03:00`);
    const report = await closeDueOffers(t.db, after, { desistenciaDays: 5 });
    expect(report.failed).toContain(token.id);
    expect((await walletBalance(t, who)).balance).toBe('1000.00');
    const rows = (await purchasesPage(t, who)).results.filter(
      (r: { token_id: number }) => r.token_id === token.id,
    );
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['reembolsada', 'desistida']);
    const refunds = await t.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.tokenId, token.id), eq(ledgerTransfers.kind, 'refund')));
    expect(refunds.map((r) => r.amountCents)).toEqual([300_00n]);
    expect(await balanceOf(t.db, accounts.escrow(token.id))).toBe(0n);
    expect(await investorProfile(t, who)).toMatchObject({ invested_this_year: '0.00' });
    expect(await annualTotalsDrift(t.db)).toEqual([]);
    expect(await holdingValuesDrift(t.db)).toEqual([]);
  });

  it('lists purchases six a page, newest first', async () => {
    const token = await offer({ unitPriceCents: 10_00n });
    const who = await fundedInvestor(t, { balance: '1000.00' });
    for (let i = 1; i <= 7; i++)
      expect((await buyTokens(t, who, token.id, i)).statusCode).toBe(201);
    const first = await purchasesPage(t, who);
    expect(first.count).toBe(7);
    expect(first.results.map((r: { quantity: number }) => r.quantity)).toEqual([7, 6, 5, 4, 3, 2]);
    expect(first.next).toBe('/api/wallet/purchases/?page=2');
    expect((await purchasesPage(t, who, 2)).results).toHaveLength(1);
    const past = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/purchases/?page=3',
      headers: { authorization: `Bearer ${who.access}` },
    });
    expect(past.statusCode).toBe(404);
  });
});

describe('closing an offer waits out the desistência window (docs/product.md §4)', () => {
  it('closes a sold-out offer before its deadline, once its last purchase can no longer be undone', async () => {
    const token = await offer({
      quantity: 2,
      maximumAmountRaisedCents: 200_00n,
      minimumAmountRaisedCents: 200_00n,
    });
    const who = await fundedInvestor(t, { balance: '500.00' });
    await bought(who, token.id, 2);
    const { lastPurchaseAt } = await tokenRow(token.id);
    const justBefore = new Date(lastPurchaseAt!.getTime() + WINDOW_MS - 60_000);
    expect(await closeDueOffers(t.db, justBefore, { desistenciaDays: 5 })).toEqual({
      succeeded: [],
      failed: [],
    });
    const justAfter = new Date(lastPurchaseAt!.getTime() + WINDOW_MS + 60_000);
    const report = await closeDueOffers(t.db, justAfter, { desistenciaDays: 5 });
    expect(report.succeeded).toContain(token.id);
    expect((await tokenRow(token.id)).offerStatus).toBe('distributing');
  });

  it('closes a sold-out offer at once without a window (DESISTENCIA_DAYS=0)', async () => {
    const token = await offer({
      quantity: 2,
      maximumAmountRaisedCents: 200_00n,
      minimumAmountRaisedCents: 200_00n,
    });
    const who = await fundedInvestor(t, { balance: '500.00' });
    await bought(who, token.id, 2);
    const report = await closeDueOffers(t.db, t.clock.now, { desistenciaDays: 0 });
    expect(report.succeeded).toContain(token.id);
  });

  it('keeps a funding offer open past its deadline while a purchase can be undone', async () => {
    const today = todayInSaoPaulo(t.clock.now);
    const token = await offer({ deadlineForFunding: today });
    const who = await fundedInvestor(t, { balance: '500.00' });
    await bought(who, token.id, 1);
    const nextDay = new Date(`${plusDays(today, 1)}T12:00:00-03:00`);
    expect((await closeDueOffers(t.db, nextDay, { desistenciaDays: 5 })).succeeded).toEqual([]);
    expect((await tokenRow(token.id)).offerStatus).toBe('funding');
    const later = new Date(`${plusDays(today, 6)}T12:00:00-03:00`);
    // Raised R$ 100,00 of a R$ 10.000,00 minimum: it fails, and the buyer is refunded.
    expect((await closeDueOffers(t.db, later, { desistenciaDays: 5 })).failed).toContain(token.id);
    expect((await walletBalance(t, who)).balance).toBe('500.00');
  });
});

describe('without a desistência window (DESISTENCIA_DAYS=0)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { DESISTENCIA_DAYS: '0' } });
  });
  afterAll(() => off.close());

  it('no purchase can be undone', async () => {
    const token = await insertToken(off.db, (await insertIssuer(off.db)).id, {
      unitPriceCents: 100_00n,
    });
    const who = await fundedInvestor(off, { balance: '500.00' });
    expect((await buyTokens(off, who, token.id, 1)).statusCode).toBe(201);
    const [row] = (await purchasesPage(off, who)).results;
    expect(row.desistencia_until).toBeNull();
    const res = await desist(off, who, row.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^O prazo de desistência desta compra terminou em /);
    expect((await walletBalance(off, who)).balance).toBe('400.00');
  });
});
