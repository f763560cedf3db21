import { addDays, todayInSaoPaulo } from '@copaiba/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, ptBrToCents } from '../../testing/csv.ts';
import {
  bearer,
  buyListing,
  buyTokens,
  distributingToken,
  fundedInvestor,
  insertIssuer,
  insertToken,
  listed,
  noonOf,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { payDueInstallments } from '../jobs/installment-payouts.ts';

/*
 * The board in the investor's statements (docs/product.md §17, §18): the CSV's lines, and the
 * income report's units, cost, amortization, income and sales, for the seller (the units sold
 * take their share of the cost; what is left keeps its average) and for the buyer (the units cost
 * what was paid, fee included, and are amortized over what they still receive).
 */

let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;
let tokenName: string;
const year = Number(todayInSaoPaulo(new Date()).slice(0, 4));

const get = (who: SignedIn, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(who) });

beforeAll(async () => {
  t = await createTestApp({ env: { MARKET_FEE_PERCENT: '1' } });
  const issuerId = (await insertIssuer(t.db)).id;
  [seller, buyer] = [
    await fundedInvestor(t, { balance: '5000.00' }),
    await fundedInvestor(t, { balance: '5000.00' }),
  ];
  // The buyer becomes an active investor in another offer.
  const other = await insertToken(t.db, issuerId, { unitPriceCents: 10_00n });
  expect((await buyTokens(t, buyer, other.id, 1)).statusCode).toBe(201);
  const today = todayInSaoPaulo(t.clock.now);
  // R$ 100,00 a unit, 12,50% over 4 installments: R$ 28,125 a unit each, R$ 25,00 of it returned.
  const token = await distributingToken(t, issuerId, [{ who: seller, quantity: 10 }], {
    name: 'Castanha do Baixo Amazonas',
    firstDateInstallment: addDays(today, 1),
    installments: 4,
  });
  tokenName = token.name;
  const id = await listed(t, seller, token.id, 6, '120.00');
  expect((await buyListing(t, buyer, id, 4)).statusCode).toBe(201);
  await payDueInstallments(t.db, noonOf(addDays(today, 1)));
});
afterAll(() => t.close());

const tokenOf = (report: { tokens: Array<{ name: string }> }) =>
  report.tokens.find((r) => r.name === tokenName) as Record<string, string | number>;

describe('the income report', () => {
  it('takes the units sold and their share of the cost out of the seller’s position', async () => {
    const report = (await get(seller, `/api/wallet/income-report/${year}/`)).json();
    expect(tokenOf(report)).toMatchObject({
      units_start: 0,
      units_end: 6,
      purchases: '1000.00',
      // 4 of 10 units at R$ 100,00 each cost R$ 400,00 and brought R$ 480,00.
      sales: '480.00',
      sales_cost: '400.00',
      // The 6 left received the installment: R$ 25,00 of each returned.
      amortization: '150.00',
      // 6 × R$ 28,12 (half-even) − R$ 150,00.
      income: '18.72',
      cost_end: '450.00',
    });
    const pdf = (await get(seller, `/api/wallet/income-report/${year}.pdf`)).rawPayload;
    const text = await pdfText(pdf);
    expect(text).toContain(`Vendas no Mural de Negociação em ${year}`);
    expect(text).toMatch(/480,00\s+400,00\s+80,00/);
  });

  it('gives the buyer the price paid with its fee as cost, amortized over what the units still receive', async () => {
    const report = (await get(buyer, `/api/wallet/income-report/${year}/`)).json();
    expect(tokenOf(report)).toMatchObject({
      units_end: 4,
      // R$ 480,00 and the 1% fee.
      purchases: '484.80',
      sales: '0.00',
      // A quarter of the face value came back: a quarter of what the buyer paid.
      amortization: '121.20',
      // 4 × R$ 28,12 − R$ 121,20.
      income: '-8.72',
      cost_end: '363.60',
    });
  });
});

describe('the CSV export', () => {
  it('describes each party’s lines, signed as the money went', async () => {
    const rowsOf = async (who: SignedIn) => {
      const text = (await get(who, '/api/wallet/transactions/export.csv')).body;
      return parseCsv(text.slice(1)).filter((r) => r.length === 5);
    };
    const bought = await rowsOf(buyer);
    const purchase = bought.find((r) => r[1] === 'Compra (mural)')!;
    expect(purchase[2]).toMatch(
      new RegExp(
        `^Compra no Mural de Negociação de 4 unidades de ${tokenName} \\(\\w+\\) \\(negócio \\d+\\)$`,
      ),
    );
    expect(ptBrToCents(purchase[3]!)).toBe(-480_00n);
    const fee = bought.find((r) => r[1] === 'Tarifa (mural)')!;
    expect(ptBrToCents(fee[3]!)).toBe(-4_80n);
    const sold = (await rowsOf(seller)).find((r) => r[1] === 'Venda (mural)')!;
    expect(sold[2]).toMatch(/^Venda no Mural de Negociação de 4 unidades de /);
    expect(ptBrToCents(sold[3]!)).toBe(480_00n);
  });
});
