import { addDays, marketFeeCents, todayInSaoPaulo } from '@copaiba/contracts';
import { ledgerTransfers, marketListings, notifications, tokenHoldings } from '@copaiba/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptRiskTerm,
  buyListing,
  buyTokens,
  cancelListing,
  chainJobsOfTransfers,
  createListing,
  desist,
  distributingToken,
  fundedInvestor,
  insertIssuer,
  insertToken,
  listed,
  login,
  marketPage,
  noonOf,
  signedIn,
  fundWallet,
  statementPage,
  userIdOf,
  walletBalance,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { sqlRows } from '../../lib/sql-rows.ts';
import { holdingValuesDrift } from '../../testing/holding-values.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { payDueInstallments } from '../jobs/installment-payouts.ts';
import { accounts, balanceOf, ledgerTotal } from '../ledger/ledger.ts';

/*
 * The secondary board (docs/product.md §18) on PostgreSQL: listing, buying and cancelling through
 * the routes, every refusal with its status and pt-BR message and nothing moved, the ledger, the
 * holdings and their reservations, the statements, the chain outbox and the receipts.
 */

let t: TestApp;
let issuerId: number;

beforeAll(async () => {
  t = await createTestApp();
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

/** An investor who bought in an offer (an active investor) with money left to spend. */
async function activeInvestor(balance = '5000.00') {
  const who = await fundedInvestor(t, { balance });
  const offer = await insertToken(t.db, issuerId, { unitPriceCents: 1_00n });
  expect((await buyTokens(t, who, offer.id, 1)).statusCode).toBe(201);
  return who;
}

const ids = new WeakMap<SignedIn, number>();
/** The user's id, asked once (a test may move the clock past the access token's life). */
async function idOf(who: SignedIn) {
  if (!ids.has(who)) ids.set(who, await userIdOf(t, who));
  return ids.get(who)!;
}

async function holding(who: SignedIn, tokenId: number) {
  const userId = await idOf(who);
  const [row] = await t.db
    .select()
    .from(tokenHoldings)
    .where(and(eq(tokenHoldings.userId, userId), eq(tokenHoldings.tokenId, tokenId)));
  return { quantity: row?.quantity ?? 0, reserved: row?.reserved ?? 0 };
}

/** A fresh access token, after the clock moved past the old one's life. */
const relogin = async (who: SignedIn) => ({
  access: (await login(t, who.email)).json().access as string,
});

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const balanceCents = async (who: SignedIn) => cents((await walletBalance(t, who)).balance);

/** What a refusal must leave as it was: both wallets, both holdings, the listing. */
async function snapshot(seller: SignedIn, buyer: SignedIn, tokenId: number, listingId: number) {
  const [listing] = await t.db
    .select()
    .from(marketListings)
    .where(eq(marketListings.id, listingId));
  return {
    seller: await balanceOf(t.db, accounts.wallet(await idOf(seller))),
    buyer: await balanceOf(t.db, accounts.wallet(await idOf(buyer))),
    sellerHolding: await holding(seller, tokenId),
    buyerHolding: await holding(buyer, tokenId),
    listing,
  };
}

describe('listing units', () => {
  let seller: SignedIn;
  let token: Awaited<ReturnType<typeof distributingToken>>;

  beforeAll(async () => {
    seller = await activeInvestor();
    token = await distributingToken(t, issuerId, [{ who: seller, quantity: 10 }]);
  });

  it('reserves the units and shows the listing on the board, on the token’s board and in Minhas ofertas', async () => {
    const res = await createListing(t, seller, {
      token_id: token.id,
      quantity: 4,
      unit_price: '1.250,50',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Oferta publicada no Mural de Negociação.',
      token_id: token.id,
      symbol: token.symbol,
      quantity: 4,
      quantity_left: 4,
      quantity_sold: 0,
      unit_price: '1250.50',
      proceeds: '0.00',
      status: 'aberta',
      closed_at: null,
    });
    const id = res.json().id as number;
    expect(await holding(seller, token.id)).toEqual({ quantity: 10, reserved: 4 });

    const reader = await signedIn(t);
    const board = (await marketPage(t, reader, 'listings', `?token_id=${token.id}`)).json();
    expect(board).toMatchObject({ count: 1, next: null, previous: null });
    expect(board.results[0]).toEqual({
      id,
      token_id: token.id,
      symbol: token.symbol,
      name_token: token.name,
      quantity: 4,
      quantity_left: 4,
      unit_price: '1250.50',
      seller: seller.name.split(' ')[0],
      created_at: expect.any(String) as string,
      status_token: 'Concluído',
      practiced_interest_rate: '12.50',
      installments: 4,
      installments_left: 4,
      // R$ 100,00 × 1,125 over four installments.
      remaining_per_unit: '112.50',
      fee_percent: '0.00',
      mine: false,
    });
    const all = (await marketPage(t, reader, 'listings')).json();
    expect(all.results.map((r: { id: number }) => r.id)).toContain(id);
    expect((await marketPage(t, seller, 'listings')).json().results[0].mine).toBe(true);
    const mine = (await marketPage(t, seller, 'my-listings')).json();
    expect(mine.results[0]).toMatchObject({ id, status: 'aberta', quantity_left: 4 });
  });

  it('pages the board newest first, with its count on every page and none past the last', async () => {
    const many = await activeInvestor();
    const other = await distributingToken(t, issuerId, [{ who: many, quantity: 20 }]);
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) ids.push(await listed(t, many, other.id, 1, `${10 + i},00`));
    const reader = await signedIn(t);
    const page = async (n: number) =>
      marketPage(t, reader, 'listings', `?token_id=${other.id}&page=${n}`);
    const first = (await page(1)).json();
    expect(first).toMatchObject({ count: 11, previous: null });
    expect(first.next).toContain('page=2');
    expect(first.results.map((r: { id: number }) => r.id)).toEqual(ids.slice(1).reverse());
    const second = (await page(2)).json();
    expect(second).toMatchObject({ count: 11, next: null });
    expect(second.results.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    // Past the last page no row carries the count: it is asked for, and the page is refused.
    expect((await page(3)).statusCode).toBe(404);
    // The whole board holds them too, among every other token's listings.
    const all = (await marketPage(t, reader, 'listings')).json();
    expect(all.count).toBeGreaterThanOrEqual(11);
    expect(all.results[0].id).toBe(ids[10]);
    const rest = Math.ceil(all.count / 10) + 1;
    expect((await marketPage(t, reader, 'listings', `?page=${rest}`)).statusCode).toBe(404);
  });

  it('never lists more units than are free: listed units are reserved', async () => {
    // 10 held, 4 listed above: 6 free.
    const more = await createListing(t, seller, {
      token_id: token.id,
      quantity: 7,
      unit_price: '100.00',
    });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({
      quantity: ['Quantidade indisponível: você tem 6 unidades livres para vender.'],
    });
    expect(
      (await createListing(t, seller, { token_id: token.id, quantity: 6, unit_price: '99.00' }))
        .statusCode,
    ).toBe(201);
    const none = await createListing(t, seller, {
      token_id: token.id,
      quantity: 1,
      unit_price: '99.00',
    });
    expect(none.json()).toEqual({
      quantity: ['Você não tem unidades livres deste token para vender.'],
    });
    expect(await holding(seller, token.id)).toEqual({ quantity: 10, reserved: 10 });
  });

  it('refuses a token that is not distributing, an unknown one, and units not held', async () => {
    const funding = await insertToken(t.db, issuerId, { unitPriceCents: 10_00n });
    expect((await buyTokens(t, seller, funding.id, 2)).statusCode).toBe(201);
    const notDistributing = await createListing(t, seller, {
      token_id: funding.id,
      quantity: 1,
      unit_price: '10.00',
    });
    expect(notDistributing.statusCode).toBe(400);
    expect(notDistributing.json()).toEqual({
      token_id: [
        'Só é possível vender no Mural unidades de tokens com a oferta concluída e em distribuição.',
      ],
    });
    const unknown = await createListing(t, seller, {
      token_id: 999_999,
      quantity: 1,
      unit_price: '10.00',
    });
    expect(unknown.json()).toEqual({ token_id: ['Token não encontrado.'] });
    const stranger = await activeInvestor();
    const notHeld = await createListing(t, stranger, {
      token_id: token.id,
      quantity: 1,
      unit_price: '10.00',
    });
    expect(notHeld.json()).toEqual({
      quantity: ['Você não tem unidades livres deste token para vender.'],
    });
    expect(await holding(seller, funding.id)).toEqual({ quantity: 2, reserved: 0 });
  });

  it.each([
    ['0', 'O preço por unidade deve ser de pelo menos R$ 0,01.'],
    ['0,00', 'O preço por unidade deve ser de pelo menos R$ 0,01.'],
    ['-1', 'Informe um preço por unidade válido, como 1.250,00.'],
    ['1000000.01', 'O preço por unidade deve ser de no máximo R$ 1.000.000,00.'],
    ['1.000.000,01', 'O preço por unidade deve ser de no máximo R$ 1.000.000,00.'],
    ['12.345', 'Informe um preço por unidade válido, como 1.250,00.'],
    ['abc', 'Informe um preço por unidade válido, como 1.250,00.'],
    ['', 'Este campo é obrigatório.'],
  ])('refuses the unit price %j with a pt-BR message', async (unitPrice, message) => {
    const holder = await activeInvestor();
    const own = await distributingToken(t, issuerId, [{ who: holder, quantity: 2 }]);
    const res = await createListing(t, holder, {
      token_id: own.id,
      quantity: 1,
      unit_price: unitPrice,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ unit_price: [message] });
    expect(await holding(holder, own.id)).toEqual({ quantity: 2, reserved: 0 });
  });

  it('takes the highest price, R$ 1.000.000,00, and refuses quantity 0', async () => {
    const holder = await activeInvestor();
    const own = await distributingToken(t, issuerId, [{ who: holder, quantity: 2 }]);
    const top = await createListing(t, holder, {
      token_id: own.id,
      quantity: 1,
      unit_price: '1.000.000,00',
    });
    expect(top.statusCode).toBe(201);
    expect(top.json().unit_price).toBe('1000000.00');
    const zero = await createListing(t, holder, {
      token_id: own.id,
      quantity: 0,
      unit_price: '5.00',
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ quantity: ['Informe uma quantidade de pelo menos 1.'] });
  });
});

describe('buying from a listing', () => {
  let seller: SignedIn;
  let buyer: SignedIn;
  let token: Awaited<ReturnType<typeof distributingToken>>;
  let listingId: number;

  beforeAll(async () => {
    seller = await activeInvestor();
    buyer = await activeInvestor();
    token = await distributingToken(t, issuerId, [
      { who: seller, quantity: 10 },
      { who: buyer, quantity: 1 },
    ]);
    listingId = await listed(t, seller, token.id, 6, '120.00');
  });

  it('moves the money and the units in one transaction, with both statement lines, the chain transfer and both receipts', async () => {
    const before = { seller: await balanceCents(seller), buyer: await balanceCents(buyer) };
    const res = await buyListing(t, buyer, listingId, 4, 'compra-mural-0001');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Compra no Mural de Negociação realizada com sucesso!',
      id: expect.any(Number) as number,
      listing_id: listingId,
      token_id: token.id,
      quantity: 4,
      unit_price: '120.00',
      amount: '480.00',
      fee: '0.00',
      total: '480.00',
    });
    const tradeId = res.json().id as number;
    expect(await balanceCents(buyer)).toBe(before.buyer - 480_00);
    expect(await balanceCents(seller)).toBe(before.seller + 480_00);
    expect(await holding(seller, token.id)).toEqual({ quantity: 6, reserved: 2 });
    expect(await holding(buyer, token.id)).toEqual({ quantity: 5, reserved: 0 });
    expect(await ledgerTotal(t.db)).toBe(0n);
    // The balance's holdings at unit price moved with the units, the listing's reservation did not.
    expect(await holdingValuesDrift(t.db)).toEqual([]);
    expect(
      await balanceOf(t.db, { code: `market_clearing:${token.id}`, kind: 'market_clearing' }),
    ).toBe(0n);

    const [bought] = await statementPage(t, buyer, 'todos');
    expect(bought).toMatchObject({
      type_operation: 'Compra (mural)',
      quantity: 4,
      balance: '-480.00',
    });
    const [sold] = await statementPage(t, seller, 'todos');
    expect(sold).toMatchObject({ type_operation: 'Venda (mural)', quantity: 4, balance: '480.00' });
    // Both lines await the same chain transaction (CHAIN_MODE is off here: it stays pending).
    expect(bought!.scan_hash_transaction).toBe('pendente');
    expect(sold!.scan_hash_transaction).toBe('pendente');
    expect((await statementPage(t, buyer, 'comprados'))[0]?.type_operation).toBe('Compra (mural)');

    const lines = await t.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, String(tradeId)));
    expect(lines.map((l) => l.kind).sort()).toEqual(['market_purchase', 'market_sale']);
    const jobs = await chainJobsOfTransfers(
      t.db,
      lines.map((l) => l.id),
    );
    expect(jobs).toHaveLength(2);
    expect(new Set(jobs.map((j) => j.kind))).toEqual(new Set(['transfer']));

    const receipts = await t.db
      .select({ userId: notifications.userId, kind: notifications.kind, data: notifications.data })
      .from(notifications)
      .where(inArray(notifications.kind, ['market_purchase', 'market_sale']));
    expect(receipts).toEqual(
      expect.arrayContaining([
        {
          userId: await userIdOf(t, buyer),
          kind: 'market_purchase',
          data: expect.objectContaining({ trade_id: tradeId, quantity: 4, amount_cents: 480_00 }),
        },
        {
          userId: await userIdOf(t, seller),
          kind: 'market_sale',
          data: expect.objectContaining({ trade_id: tradeId, quantity: 4, quantity_left: 2 }),
        },
      ]),
    );
    const mine = (await marketPage(t, seller, 'my-listings')).json().results[0];
    expect(mine).toMatchObject({
      id: listingId,
      quantity_sold: 4,
      quantity_left: 2,
      proceeds: '480.00',
      status: 'aberta',
    });
  });

  it('answers a retried Idempotency-Key with the first answer and moves nothing again', async () => {
    const before = await snapshot(seller, buyer, token.id, listingId);
    const again = await buyListing(t, buyer, listingId, 4, 'compra-mural-0001');
    expect(again.statusCode).toBe(201);
    expect(again.json().amount).toBe('480.00');
    expect(await snapshot(seller, buyer, token.id, listingId)).toEqual(before);
    const reused = await buyListing(t, buyer, listingId, 1, 'compra-mural-0001');
    expect(reused.statusCode).toBe(422);
    expect(await snapshot(seller, buyer, token.id, listingId)).toEqual(before);
  });

  it('refuses bad purchases with their status and pt-BR message, moving nothing', async () => {
    const before = await snapshot(seller, buyer, token.id, listingId);
    const tooMany = await buyListing(t, buyer, listingId, 3);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      quantity: ['Quantidade indisponível: restam 2 unidades nesta oferta.'],
    });
    const zero = await buyListing(t, buyer, listingId, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ quantity: ['Informe uma quantidade de pelo menos 1.'] });
    const own = await buyListing(t, seller, listingId, 1);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ detail: 'Você não pode comprar a sua própria oferta.' });
    const unknown = await buyListing(t, buyer, 999_999, 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Oferta não encontrada.' });

    // Never bought in an offer: not an active investor.
    const newcomer = await signedIn(t);
    await fundWallet(t, newcomer, '1000.00');
    await acceptRiskTerm(t, newcomer);
    const inactive = await buyListing(t, newcomer, listingId, 1);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({
      detail:
        'A compra no Mural de Negociação é exclusiva para investidores ativos: é preciso ter comprado em uma oferta da Copaíba nos últimos 24 meses.',
      code: 'active_investor_required',
    });

    // The risk term not accepted (a new version, say): 403 as for offers.
    const noTerm = await signedIn(t);
    const noTermRes = await buyListing(t, noTerm, listingId, 1);
    expect(noTermRes.statusCode).toBe(403);
    expect(noTermRes.json()).toEqual({
      detail: 'Aceite o Termo de Ciência de Risco antes de investir.',
      code: 'risk_term_required',
    });

    // An active investor with too little money.
    const poor = await activeInvestor('150.00');
    const offer = await insertToken(t.db, issuerId, { unitPriceCents: 100_00n });
    expect((await buyTokens(t, poor, offer.id, 1)).statusCode).toBe(201);
    const short = await buyListing(t, poor, listingId, 1);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      value: ['Saldo insuficiente para realizar a compra. Por favor, deposite mais fundos.'],
    });
    expect(await snapshot(seller, buyer, token.id, listingId)).toEqual(before);
  });

  it('counts only offer purchases of the last 24 months, and none undone', async () => {
    const veteran = await activeInvestor();
    const saved = t.clock.now;
    try {
      // Just under 24 months after the purchase it still counts; just over, it no longer does.
      t.advance(720 * 86_400_000);
      const still = await buyListing(t, await relogin(veteran), listingId, 1);
      expect(still.statusCode).toBe(201);
      expect(still.json().quantity).toBe(1);
      t.advance(20 * 86_400_000);
      const before = await snapshot(seller, buyer, token.id, listingId);
      const res = await buyListing(t, await relogin(veteran), listingId, 1);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('active_investor_required');
      expect(await snapshot(seller, buyer, token.id, listingId)).toEqual(before);
    } finally {
      t.clock.now = saved;
    }

    // Whose only offer purchase was undone.
    const undone = await fundedInvestor(t, { balance: '100.00' });
    const offer = await insertToken(t.db, issuerId, { unitPriceCents: 10_00n });
    const bought = await buyTokens(t, undone, offer.id, 1);
    expect(bought.statusCode).toBe(201);
    const [purchase] = await t.db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.userId, await userIdOf(t, undone)),
          eq(ledgerTransfers.kind, 'purchase'),
        ),
      );
    expect((await desist(t, undone, purchase!.id)).statusCode).toBe(200);
    expect((await buyListing(t, undone, listingId, 1)).statusCode).toBe(403);
  });

  it('refuses a sold-out listing and a cancelled one with a detail', async () => {
    // The veteran took one of the two units left above.
    expect((await buyListing(t, buyer, listingId, 1)).statusCode).toBe(201);
    const soldOut = await buyListing(t, buyer, listingId, 1);
    expect(soldOut.statusCode).toBe(400);
    expect(soldOut.json()).toEqual({ detail: 'Esta oferta já foi toda vendida.' });
    const [row] = await t.db.select().from(marketListings).where(eq(marketListings.id, listingId));
    expect(row).toMatchObject({ status: 'sold_out', quantityLeft: 0 });
    expect(row!.closedAt).not.toBeNull();
    expect(await holding(seller, token.id)).toEqual({ quantity: 4, reserved: 0 });
    expect(await ledgerTotal(t.db)).toBe(0n);

    const other = await listed(t, seller, token.id, 2, '10.00');
    expect((await cancelListing(t, seller, other)).statusCode).toBe(200);
    const cancelled = await buyListing(t, buyer, other, 1);
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json()).toEqual({
      detail: 'Esta oferta foi cancelada pelo vendedor e não está mais disponível.',
    });
    expect((await marketPage(t, buyer, 'listings', `?token_id=${token.id}`)).json().count).toBe(0);
  });
});

describe('cancelling a listing', () => {
  it('releases what is unsold, once; another user’s listing is not found; a sold-out one stays', async () => {
    const seller = await activeInvestor();
    const buyer = await activeInvestor();
    const token = await distributingToken(t, issuerId, [{ who: seller, quantity: 5 }]);
    const id = await listed(t, seller, token.id, 5, '50.00');
    expect((await buyListing(t, buyer, id, 2)).statusCode).toBe(201);

    const stranger = await cancelListing(t, buyer, id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ detail: 'Oferta não encontrada.' });

    const res = await cancelListing(t, seller, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message:
        'Oferta cancelada. As unidades não vendidas voltaram a ficar livres na sua carteira.',
      released: 3,
    });
    expect(await holding(seller, token.id)).toEqual({ quantity: 3, reserved: 0 });
    expect((await cancelListing(t, seller, id)).json().released).toBe(0);
    expect(await holding(seller, token.id)).toEqual({ quantity: 3, reserved: 0 });
    const mine = (await marketPage(t, seller, 'my-listings')).json().results[0];
    expect(mine).toMatchObject({ id, status: 'cancelada', quantity_sold: 2, quantity_left: 3 });

    const all = await listed(t, seller, token.id, 3, '50.00');
    expect((await buyListing(t, buyer, all, 3)).statusCode).toBe(201);
    const soldOut = await cancelListing(t, seller, all);
    expect(soldOut.statusCode).toBe(400);
    expect(soldOut.json()).toEqual({
      detail: 'Esta oferta já foi toda vendida e não pode mais ser cancelada.',
    });
  });
});

describe('installments and desistências', () => {
  it('pays later installments to whoever holds the units on the payment date, listed units to the seller', async () => {
    const seller = await activeInvestor();
    const buyer = await activeInvestor();
    const today = todayInSaoPaulo(t.clock.now);
    const token = await distributingToken(t, issuerId, [{ who: seller, quantity: 10 }], {
      firstDateInstallment: addDays(today, 2),
    });
    const id = await listed(t, seller, token.id, 6, '100.00');
    expect((await buyListing(t, buyer, id, 4)).statusCode).toBe(201);
    await payDueInstallments(t.db, noonOf(addDays(today, 2)));
    const paid = await t.db
      .select({ userId: ledgerTransfers.userId, quantity: ledgerTransfers.quantity })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.tokenId, token.id), eq(ledgerTransfers.kind, 'remuneration')));
    // The seller still holds 6 (2 of them listed), the buyer 4.
    expect(paid).toEqual(
      expect.arrayContaining([
        { userId: await userIdOf(t, seller), quantity: 6 },
        { userId: await userIdOf(t, buyer), quantity: 4 },
      ]),
    );
    expect(paid).toHaveLength(2);
  });

  it('never undoes listed units: a distributing token’s purchase is past its desistência', async () => {
    const seller = await activeInvestor();
    const token = await distributingToken(t, issuerId, [{ who: seller, quantity: 3 }]);
    await listed(t, seller, token.id, 3, '10.00');
    const [purchase] = await t.db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.userId, await userIdOf(t, seller)),
          eq(ledgerTransfers.tokenId, token.id),
          eq(ledgerTransfers.kind, 'purchase'),
        ),
      );
    const res = await desist(t, seller, purchase!.id);
    expect(res.statusCode).toBe(400);
    expect(await holding(seller, token.id)).toEqual({ quantity: 3, reserved: 3 });
  });
});

describe('the fee', () => {
  it('is rounded in the database as the simulation rounds it (half-even)', async () => {
    const cases: Array<[bigint, number]> = [
      [99_99n, 250],
      [50n, 100],
      [1_50n, 100],
      [2_50n, 100],
      [123_456_789n, 333],
      [1n, 1000],
    ];
    for (const [amount, bp] of cases) {
      const [row] = await sqlRows<{ fee: string }>(
        t.db,
        sql`select market_fee_cents(${amount}::bigint, ${bp}::integer) as fee`,
      );
      expect(BigInt(row!.fee), `${amount} at ${bp}`).toBe(marketFeeCents(amount, bp));
    }
  });

  it('charges MARKET_FEE_PERCENT of the price to the buyer, for the platform, half-even', async () => {
    const feeApp = await createTestApp({ env: { MARKET_FEE_PERCENT: '2.5' } });
    try {
      const saved = t;
      t = feeApp;
      try {
        const issuer = (await insertIssuer(t.db)).id;
        const seller = await activeInvestor();
        const buyer = await activeInvestor();
        const token = await distributingToken(t, issuer, [{ who: seller, quantity: 5 }]);
        // 3 × R$ 33,33 = R$ 99,99; 2,5% = R$ 2,49975 → R$ 2,50.
        const id = await listed(t, seller, token.id, 5, '33.33');
        expect((await marketPage(t, buyer, 'listings')).json().results[0].fee_percent).toBe('2.50');
        const before = { seller: await balanceCents(seller), buyer: await balanceCents(buyer) };
        const res = await buyListing(t, buyer, id, 3);
        expect(res.json()).toMatchObject({ amount: '99.99', fee: '2.50', total: '102.49' });
        expect(await balanceCents(buyer)).toBe(before.buyer - 102_49);
        expect(await balanceCents(seller)).toBe(before.seller + 99_99);
        expect(await balanceOf(t.db, { code: `market_fees:${token.id}`, kind: 'platform' })).toBe(
          2_50n,
        );
        expect(await ledgerTotal(t.db)).toBe(0n);
        const lines = await statementPage(t, buyer, 'todos');
        expect(lines.slice(0, 2).map((l) => [l.type_operation, l.balance])).toEqual(
          expect.arrayContaining([
            ['Compra (mural)', '-99.99'],
            ['Tarifa (mural)', '-2.50'],
          ]),
        );
        expect(await balanceOf(t.db, accounts.wallet(await userIdOf(t, buyer)))).toBe(
          BigInt(before.buyer - 102_49),
        );
      } finally {
        t = saved;
      }
    } finally {
      await feeApp.close();
    }
  });
});
