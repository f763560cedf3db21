import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  formatCnpj,
  formatCpfCnpj,
  incomeReportFilename,
  statementMessages,
  todayInSaoPaulo,
} from '@copaiba/contracts';
import { centsToDecimal, centsToPtBr } from '@copaiba/contracts/money';
import { ledgerTransfers, tokens as tokensTable, type TransferKind } from '@copaiba/db';
import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ptBrToCents, parseCsv } from '../../testing/csv.ts';
import {
  acceptRiskTerm,
  bearer,
  buyTokens,
  confirmedUser,
  enableTwoFactor,
  expectStatus,
  fundWallet,
  insertAndIssueToken,
  insertIssuer,
  login,
  loginWithCode,
  noonOf,
  requestWithdrawal,
  signedIn,
  type Bearer,
} from '../../testing/fixtures.ts';
import { pdfFonts, pdfPages, pdfText } from '../../testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { sqlRows } from '../../lib/sql-rows.ts';
import { amortizationPerUnit } from '../catalogue/token-figures.ts';
import { payDueInstallments } from '../jobs/installment-payouts.ts';
import { closeDueOffers } from '../jobs/offer-closing.ts';
import { accounts, balanceOf } from '../ledger/ledger.ts';

/*
 * A year of an investor's life on Copaíba, built through the real routes and jobs, and every
 * figure of the statement export, the income report (JSON and PDF), the upcoming receipts and the
 * wallet's history checked against sums taken straight from ledger_transfers
 * (docs/product.md §17).
 *
 * The ledger dates its transfers with the database's clock, the jobs and routes read the app's;
 * in production both are the wall clock. Here the app's clock travels over a year and a half,
 * starting next year, so each step dates the transfers it wrote with the app's time: the
 * database's clock, moved along.
 */

const PLATFORM_CNPJ = '11.444.777/0001-61';
const ISSUER_CNPJ = '11.222.333/0001-81';
const ARTIFACTS = fileURLToPath(new URL('../../../../../e2e/artifacts/', import.meta.url));

/** The history's first year: always ahead of the wall clock, whenever the test runs. */
const Y = Number(todayInSaoPaulo(new Date()).slice(0, 4)) + 1;
const N = Y + 1;

let t: TestApp;
let admin: Session;
let issuerId: number;
let maria: Session & { id: number; cpf: string };
let bruno: Session;
const tokenIds = { acai: 0, castanha: 0, copaiba: 0 };

/**
 * A signed-in person whose access token is renewed whenever the clock has moved on; with
 * two-factor on (`authenticator`, set once it is), through both steps of the login.
 */
interface Session {
  email: string;
  fresh: () => Promise<Bearer>;
  authenticator?: () => string;
}
function session(email: string, access: string, authenticator?: () => string): Session {
  let current = { access, at: t.clock.now.getTime() };
  const self: Session = {
    email,
    authenticator,
    fresh: async () => {
      if (Math.abs(t.clock.now.getTime() - current.at) > 10 * 60_000) {
        const res = expectStatus(
          self.authenticator
            ? await loginWithCode(t, email, self.authenticator())
            : await login(t, email),
          200,
          'login',
        );
        current = { access: res.json().access as string, at: t.clock.now.getTime() };
      }
      return { access: current.access };
    },
  };
  return self;
}

const lastTransferId = async () =>
  (
    await t.db
      .select({ last: sql<number>`coalesce(max(${ledgerTransfers.id}), 0)`.mapWith(Number) })
      .from(ledgerTransfers)
  )[0]!.last;

/** Dates the transfers written after `afterId` (up to `untilId`) with `when`. */
async function stamp(when: Date, afterId: number, untilId = Number.MAX_SAFE_INTEGER) {
  await t.db
    .update(ledgerTransfers)
    .set({ createdAt: when })
    .where(and(gt(ledgerTransfers.id, afterId), lte(ledgerTransfers.id, untilId)));
}

/** Runs a step at `when` (noon in São Paulo for a date), then dates what it wrote with it. */
async function at<T>(when: string | Date, step: () => Promise<T>): Promise<T> {
  t.clock.now = typeof when === 'string' ? noonOf(when) : when;
  const before = await lastTransferId();
  const result = await step();
  await stamp(t.clock.now, before);
  return result;
}

async function get(who: Session | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: who ? bearer(await who.fresh()) : {} });
}

/**
 * An offer issued by the administrator through the real route. The token is written directly:
 * the creator's form measures its dates against the wall clock, and this history runs on the
 * app's.
 */
async function issuedToken(values: Parameters<typeof insertAndIssueToken>[3]) {
  const { token, answer } = await insertAndIssueToken(t, await admin.fresh(), issuerId, values);
  expectStatus(answer, 201, 'issue');
  return token.id;
}

async function buy(who: Session, tokenId: number, quantity: number) {
  return expectStatus(await buyTokens(t, await who.fresh(), tokenId, quantity), 201, 'purchase');
}

const runJobs = async () => {
  await closeDueOffers(t.db, t.clock.now, { desistenciaDays: 5 });
  await payDueInstallments(t.db, t.clock.now);
};

// ---------------------------------------------------------------------------------------------
// The ledger, read straight from its table: the oracle every figure is checked against.

interface LedgerRow {
  id: number;
  kind: TransferKind;
  /** Signed from Maria's wallet: + in, − out. */
  amount: bigint;
  tokenId: number | null;
  quantity: number;
  reference: string | null;
  createdAt: Date;
}

async function mariasLedger(): Promise<LedgerRow[]> {
  const wallet = accounts.wallet(maria.id).code;
  const rows = await sqlRows<{
    id: string;
    kind: TransferKind;
    amount_cents: string;
    credited: boolean;
    token_id: string | null;
    quantity: string | null;
    reference: string | null;
    created_at: Date;
  }>(
    t.db,
    sql`select t.id, t.kind, t.amount_cents, c.code = ${wallet} as credited, t.token_id,
          t.quantity, t.reference, t.created_at
        from ledger_transfers t
        join ledger_accounts c on c.id = t.credit_account_id
        join ledger_accounts d on d.id = t.debit_account_id
        where c.code = ${wallet} or d.code = ${wallet}
        order by t.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    amount: r.credited ? BigInt(r.amount_cents) : -BigInt(r.amount_cents),
    tokenId: r.token_id === null ? null : Number(r.token_id),
    quantity: Number(r.quantity ?? 0),
    reference: r.reference,
    createdAt: new Date(r.created_at),
  }));
}

const yearStart = (year: number) => new Date(`${year}-01-01T00:00:00-03:00`);
const sum = (rows: LedgerRow[], pick: (r: LedgerRow) => bigint) =>
  rows.reduce((s, r) => s + pick(r), 0n);

/** Per token, the figures of docs/product.md §17, summed over the raw rows. */
async function expectedYear(year: number) {
  const ledger = await mariasLedger();
  const terms = new Map(
    (
      await t.db
        .select()
        .from(tokensTable)
        .where(inArray(tokensTable.id, Object.values(tokenIds)))
    ).map((row) => [row.id, row]),
  );
  const amortizationOf = (r: LedgerRow) =>
    r.kind === 'remuneration'
      ? BigInt(r.quantity) * amortizationPerUnit(terms.get(r.tokenId!)!)[Number(r.reference) - 1]!
      : 0n;
  const unitsOf = (r: LedgerRow) =>
    r.kind === 'purchase'
      ? r.quantity
      : r.kind === 'refund' || r.kind === 'desistencia'
        ? -r.quantity
        : 0;
  const costOf = (r: LedgerRow) =>
    r.kind === 'remuneration' ? -amortizationOf(r) : unitsOf(r) === 0 ? 0n : -r.amount;
  const figures = (rows: LedgerRow[]) => {
    const before = rows.filter((r) => r.createdAt < yearStart(year));
    const until = rows.filter((r) => r.createdAt < yearStart(year + 1));
    const inYear = until.filter((r) => r.createdAt >= yearStart(year));
    const of = (kind: TransferKind) =>
      sum(
        inYear.filter((r) => r.kind === kind),
        (r) => r.amount,
      );
    return {
      units_start: before.reduce((n, r) => n + unitsOf(r), 0),
      units_end: until.reduce((n, r) => n + unitsOf(r), 0),
      cost_start: sum(before, costOf),
      cost_end: sum(until, costOf),
      purchases: -of('purchase'),
      refunds: of('refund'),
      desistencias: of('desistencia'),
      amortization: sum(inYear, amortizationOf),
      income: of('remuneration') - sum(inYear, amortizationOf),
    };
  };
  return new Map(
    [...terms.keys()].map((id) => [id, figures(ledger.filter((r) => r.tokenId === id))]),
  );
}

const money = (cents: bigint) => centsToDecimal(cents);

beforeAll(async () => {
  t = await createTestApp({ env: { PLATFORM_CNPJ, DESISTENCIA_DAYS: '5' } });

  await at(`${Y}-02-01`, async () => {
    const a = await signedIn(t, { admin: true });
    admin = session(a.email, a.access, a.code);
    issuerId = (
      await insertIssuer(t.db, {
        institution: 'Cooperativa do Rio Teste',
        cnpj: ISSUER_CNPJ.replace(/\D/g, ''),
      })
    ).id;
    const registered = await confirmedUser(t, { name: 'Maria Conceição Araújo' });
    const res = expectStatus(await login(t, registered.email), 200, 'login');
    maria = Object.assign(session(registered.email, res.json().access as string), {
      id: 0,
      cpf: registered.cpf_cnpj,
    });
    maria.id = expectStatus(await get(maria, '/api/user/'), 200, 'user').json().id as number;
    expectStatus(await acceptRiskTerm(t, await maria.fresh()), 200, 'risk term');
    await fundWallet(t, await maria.fresh(), '10000.00');
    const b = await signedIn(t);
    bruno = session(b.email, b.access);

    tokenIds.acai = await issuedToken({
      name: 'Açaí Manejado do Marajó',
      unitPriceCents: 100_00n,
      interestRateBp: 1000,
      minimumAmountRaisedCents: 3_000_00n,
      maximumAmountRaisedCents: 4_500_00n,
      quantity: 1000,
      deadlineForFunding: `${Y}-03-15`,
      installments: 6,
      firstDateInstallment: `${Y}-11-15`,
    });
    tokenIds.castanha = await issuedToken({
      // Creator's text with a separator and quotes: the CSV must still read back whole.
      name: 'Castanha "Safra"; lote 1',
      unitPriceCents: 50_00n,
      interestRateBp: 800,
      minimumAmountRaisedCents: 40_000_00n,
      maximumAmountRaisedCents: 50_000_00n,
      quantity: 1000,
      deadlineForFunding: `${Y}-03-01`,
      installments: 2,
      firstDateInstallment: `${Y}-04-01`,
    });
  });

  await at(`${Y}-02-10`, () => buy(maria, tokenIds.acai, 30));
  // Bought and undone two days later, within the desistência window. The window runs from the
  // purchase's time in the ledger and the annual limit counts it in that time's year, so both
  // steps go on the wall clock, as one, and take their dates in the history afterwards.
  t.clock.now = new Date();
  const beforePurchase = await lastTransferId();
  await buy(maria, tokenIds.acai, 5);
  const beforeDesistencia = await lastTransferId();
  const purchases = expectStatus(await get(maria, '/api/wallet/purchases/'), 200, 'purchases');
  const five = (purchases.json().results as Array<{ id: number; quantity: number }>).find(
    (p) => p.quantity === 5,
  )!;
  const undone = await t.app.inject({
    method: 'POST',
    url: `/api/wallet/purchases/${five.id}/desistencia/`,
    headers: bearer(await maria.fresh()),
  });
  expectStatus(undone, 200, 'desistência');
  await stamp(noonOf(`${Y}-02-12`), beforePurchase, beforeDesistencia);
  await stamp(noonOf(`${Y}-02-14`), beforeDesistencia);
  await at(`${Y}-02-20`, () => buy(maria, tokenIds.castanha, 10));
  // The castanha offer missed its minimum: refunded when the job runs after its deadline.
  await at(`${Y}-03-02`, runJobs);
  // The açaí offer reached its minimum: it distributes.
  await at(`${Y}-03-16`, runJobs);
  await at(`${Y}-04-10`, async () => {
    const twoFactor = await enableTwoFactor(t, await maria.fresh());
    expectStatus(twoFactor.activation, 200, 'two-factor');
    maria.authenticator = twoFactor.code;
    const res = await requestWithdrawal(t, await maria.fresh(), {
      token: twoFactor.code(),
      value: '200,00',
      key_pix: 'maria@example.com',
    });
    expectStatus(res, 201, 'withdrawal');
  });
  await at(`${Y}-11-15`, runJobs);
  await at(`${Y}-12-15`, runJobs);
  // 23:30 on New Year's Eve in São Paulo, already 1 January in UTC: a movement of the first year.
  await at(new Date(`${Y}-12-31T23:30:00-03:00`), async () => {
    await fundWallet(t, await maria.fresh(), '1000.00');
  });
  await at(`${N}-01-15`, runJobs);
  await at(`${N}-01-16`, async () => {
    tokenIds.copaiba = await issuedToken({
      name: 'Óleo de Copaíba do Tapajós',
      unitPriceCents: 10_00n,
      interestRateBp: 1250,
      minimumAmountRaisedCents: 2_000_00n,
      maximumAmountRaisedCents: 3_000_00n,
      quantity: 1000,
      deadlineForFunding: `${N}-03-31`,
      installments: 12,
      firstDateInstallment: `${N}-04-30`,
    });
    await buy(maria, tokenIds.copaiba, 20);
  });
  t.clock.now = noonOf(`${N}-01-20`);
});
afterAll(() => t?.close());

describe('the history built', () => {
  it('is the history the figures below expect', async () => {
    const ledger = await mariasLedger();
    expect(ledger.map((r) => `${todayInSaoPaulo(r.createdAt)} ${r.kind}`)).toEqual([
      `${Y}-02-01 deposit`,
      `${Y}-02-10 purchase`,
      `${Y}-02-12 purchase`,
      `${Y}-02-14 desistencia`,
      `${Y}-02-20 purchase`,
      `${Y}-03-02 refund`,
      `${Y}-04-10 withdrawal`,
      `${Y}-11-15 remuneration`,
      `${Y}-12-15 remuneration`,
      `${Y}-12-31 deposit`,
      `${N}-01-15 remuneration`,
      `${N}-01-16 purchase`,
    ]);
  });
});

describe('GET /api/wallet/income-report/', () => {
  it('lists the years with a token held or money received from one, newest first', async () => {
    const res = await get(maria, '/api/wallet/income-report/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ years: [N, Y] });
  });

  it('lists none for someone who never held a token', async () => {
    expect((await get(bruno, '/api/wallet/income-report/')).json()).toEqual({ years: [] });
  });
});

describe(`the income report of ${Y} (a complete year)`, () => {
  it('equals the ledger to the centavo, token by token and in total', async () => {
    const res = await get(maria, `/api/wallet/income-report/${Y}/`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    const expected = await expectedYear(Y);
    expect(report).toMatchObject({
      year: Y,
      complete: true,
      position_date: `${Y}-12-31`,
      platform: { name: 'Copaíba', cnpj: '11444777000161' },
      investor: { name: 'Maria Conceição Araújo', cpf_cnpj: maria.cpf },
    });
    const shown = [tokenIds.acai, tokenIds.castanha];
    expect(report.tokens.map((r: { token_id: number }) => r.token_id)).toEqual(shown);
    for (const row of report.tokens) {
      const e = expected.get(row.token_id)!;
      expect(row).toEqual({
        token_id: row.token_id,
        name: expect.any(String),
        symbol: expect.any(String),
        issuer_name: 'Cooperativa do Rio Teste',
        issuer_cnpj: '11222333000181',
        units_start: e.units_start,
        units_end: e.units_end,
        cost_start: money(e.cost_start),
        cost_end: money(e.cost_end),
        purchases: money(e.purchases),
        refunds: money(e.refunds),
        desistencias: money(e.desistencias),
        amortization: money(e.amortization),
        income: money(e.income),
        ir_withheld: '0.00',
        // No sale on the board this year (market-statements.test.ts covers the report's sales).
        sales: '0.00',
        sales_cost: '0.00',
      });
    }
    const total = (key: 'cost_start' | 'cost_end' | 'purchases' | 'income') =>
      money(shown.reduce((s, id) => s + expected.get(id)![key], 0n));
    expect(report.totals).toMatchObject({
      cost_start: total('cost_start'),
      cost_end: total('cost_end'),
      purchases: total('purchases'),
      income: total('income'),
      ir_withheld: '0.00',
    });
  });

  it('has the figures worked out by hand', async () => {
    const report = (await get(maria, `/api/wallet/income-report/${Y}/`)).json();
    const [acai, castanha] = report.tokens;
    // 35 units bought at 100,00, 5 undone; 2 installments of 18,33 per unit on 30 units, each
    // returning 16,67 of the price (100,00 / 6, the last absorbing the remainder).
    expect(acai).toMatchObject({
      units_start: 0,
      units_end: 30,
      purchases: '3500.00',
      desistencias: '500.00',
      amortization: '1000.20',
      income: '99.60',
      cost_end: '1999.80',
    });
    // 10 units at 50,00, refunded when the offer missed its minimum.
    expect(castanha).toMatchObject({
      units_end: 0,
      purchases: '500.00',
      refunds: '500.00',
      cost_end: '0.00',
    });
  });

  it('is the same numbers as a PDF, with the fonts embedded', async () => {
    const res = await get(maria, `/api/wallet/income-report/${Y}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${incomeReportFilename(Y)}"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.rawPayload;
    const text = await pdfText(pdf);
    const report = (await get(maria, `/api/wallet/income-report/${Y}/`)).json();

    expect(text).toContain('Informe de Rendimentos');
    expect(text).toContain(`Ano-calendário ${Y}`);
    // When it was made (the test's clock), as Intl reads São Paulo's; the module formats without Intl.
    const issuedAt = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(report.generated_at));
    expect(text).toContain(`Emitido em ${issuedAt.replace(',', ' às')}`);
    expect(text).toMatch(/Nome: Copaíba/);
    expect(text).toContain(`CNPJ: ${PLATFORM_CNPJ}`);
    expect(text).toContain('Nome: Maria Conceição Araújo');
    expect(text).toContain(`CPF/CNPJ: ${formatCpfCnpj(maria.cpf)}`);
    expect(text).toContain('Cooperativa do Rio Teste');
    expect(text).toContain(`CNPJ ${formatCnpj(ISSUER_CNPJ)}`);
    const pt = (decimal: string) => centsToPtBr(BigInt(decimal.replace('.', '')));
    const line = (...cells: string[]) =>
      new RegExp(cells.map((c) => c.replace(/[.()$]/g, '\\$&')).join('\\s+'));
    for (const row of report.tokens) {
      // Bens e Direitos: units and cost at 31/12 of the year before and of the year, on the row's first line.
      expect(text).toMatch(
        line(String(row.units_start), pt(row.cost_start), String(row.units_end), pt(row.cost_end)),
      );
      // Rendimentos: what came in during the year.
      expect(text).toMatch(
        line(
          pt(row.purchases),
          pt(row.amortization),
          pt(row.income),
          pt(row.ir_withheld),
          pt(row.refunds),
          pt(row.desistencias),
        ),
      );
    }
    const totals = report.totals;
    expect(text).toMatch(line('Total', pt(totals.cost_start), pt(totals.cost_end)));
    expect(text).toMatch(
      line(
        'Total',
        pt(totals.purchases),
        pt(totals.amortization),
        pt(totals.income),
        pt(totals.ir_withheld),
        pt(totals.refunds),
        pt(totals.desistencias),
      ),
    );
    expect(text).toMatch(/Página 1 de \d/);
    const fonts = await pdfFonts(pdf);
    expect(fonts.every((f) => f.embedded && f.unicode)).toBe(true);

    // For a person to look at: the pages as pictures.
    mkdirSync(ARTIFACTS, { recursive: true });
    const pages = await pdfPages(pdf, ARTIFACTS, `income-report-${Y}`);
    expect(pages.length).toBeGreaterThan(0);
  });
});

describe('the income report of the running year', () => {
  it('shows the position today and the installment paid across the year boundary', async () => {
    const report = (await get(maria, `/api/wallet/income-report/${N}/`)).json();
    const expected = await expectedYear(N);
    expect(report).toMatchObject({ year: N, complete: false, position_date: `${N}-01-20` });
    expect(report.tokens.map((r: { token_id: number }) => r.token_id)).toEqual([
      tokenIds.acai,
      tokenIds.copaiba,
    ]);
    for (const row of report.tokens) {
      const e = expected.get(row.token_id)!;
      expect(row).toMatchObject({
        units_start: e.units_start,
        units_end: e.units_end,
        cost_start: money(e.cost_start),
        cost_end: money(e.cost_end),
        purchases: money(e.purchases),
        amortization: money(e.amortization),
        income: money(e.income),
      });
    }
    // The third installment, paid on 15 January of the second year, counts in that year only.
    expect(report.tokens[0]).toMatchObject({
      units_start: 30,
      cost_start: '1999.80',
      amortization: '500.10',
      income: '49.80',
      cost_end: '1499.70',
    });
    const pdf = (await get(maria, `/api/wallet/income-report/${N}.pdf`)).rawPayload;
    expect(await pdfText(pdf)).toContain(`Ano-calendário ${N} (parcial, até 20/01/${N})`);
  });
});

describe('refusals of the income report', () => {
  it.each([
    ['abc', 400, statementMessages.yearInvalid],
    [`${Y}7`, 400, statementMessages.yearInvalid],
    [`${N + 1}`, 400, statementMessages.yearInFuture],
    [`${Y - 1}`, 404, statementMessages.noReport(Y - 1)],
  ])('year %s → %i with a pt-BR detail, as JSON and as PDF', async (year, status, detail) => {
    for (const url of [
      `/api/wallet/income-report/${year}/`,
      `/api/wallet/income-report/${year}.pdf`,
    ]) {
      const res = await get(maria, url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toEqual({ detail });
    }
  });

  it("never shows another person's report: each reads only their own ledger", async () => {
    for (const url of [`/api/wallet/income-report/${Y}/`, `/api/wallet/income-report/${Y}.pdf`]) {
      const res = await get(bruno, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: statementMessages.noReport(Y) });
      expect((await get(null, url)).statusCode).toBe(401);
    }
  });
});

describe('GET /api/wallet/transactions/export.csv', () => {
  async function exported(query: string, who: Session = maria) {
    const res = await get(who, `/api/wallet/transactions/export.csv${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1));
    const header = rows.findIndex(
      (r) => r.join(';') === 'Data;Tipo;Descrição;Valor (R$);Saldo (R$)',
    );
    expect(header).toBeGreaterThan(0);
    return {
      res,
      preamble: Object.fromEntries(rows.slice(0, header).map((r) => [r[0], r[1]])),
      rows: rows.slice(header + 1),
    };
  }

  it('gives every movement of the period, amounts and running balance equal to the ledger', async () => {
    const { res, preamble, rows } = await exported(`?from=${Y}-02-11&to=${Y}-12-31`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="extrato-copaiba-${Y}-02-11-a-${Y}-12-31.csv"`,
    );
    const ledger = await mariasLedger();
    const from = new Date(`${Y}-02-11T00:00:00-03:00`);
    const to = yearStart(N);
    const inRange = ledger.filter((r) => r.createdAt >= from && r.createdAt < to);
    const opening = sum(
      ledger.filter((r) => r.createdAt < from),
      (r) => r.amount,
    );
    expect(preamble).toMatchObject({
      Nome: 'Maria Conceição Araújo',
      'CPF/CNPJ': formatCpfCnpj(maria.cpf),
      Período: `11/02/${Y} a 31/12/${Y}`,
      'Saldo anterior (R$)': centsToPtBr(opening),
    });
    expect(rows).toHaveLength(inRange.length);
    let balance = opening;
    rows.forEach((row, i) => {
      const r = inRange[i]!;
      balance += r.amount;
      const [date, , , amount, after] = row;
      expect(date).toBe(todayInSaoPaulo(r.createdAt).split('-').reverse().join('/'));
      expect(ptBrToCents(amount!)).toBe(r.amount);
      expect(ptBrToCents(after!)).toBe(balance);
    });
    // The last balance of the year is the wallet's balance at its end, to the centavo.
    expect(ptBrToCents(rows.at(-1)![4]!)).toBe(
      sum(
        ledger.filter((r) => r.createdAt < to),
        (r) => r.amount,
      ),
    );
    expect(rows.map((r) => r[1])).toEqual([
      'Compra',
      'Desistência',
      'Compra',
      'Reembolso',
      'Saque',
      'Remuneração',
      'Remuneração',
      'Depósito',
    ]);
    // The token's own name, separator and quotes included, survives the round trip.
    expect(rows[2]![2]).toMatch(/^Compra de 10 unidades de Castanha "Safra"; lote 1 \(\w+\)$/);
    expect(rows[5]![2]).toMatch(
      /^Parcela 1 de 6 de Açaí Manejado do Marajó \(\w+\) \(30 unidades\)$/,
    );
    // 23:30 of 31/12 in São Paulo is in the first year, though the next in UTC.
    expect(rows.at(-1)!.slice(0, 2)).toEqual([`31/12/${Y}`, 'Depósito']);
  });

  it('defaults to the last 12 months up to today, ending at the wallet balance', async () => {
    const { preamble, rows } = await exported('');
    expect(preamble['Período']).toBe(`21/01/${Y} a 20/01/${N}`);
    expect(rows).toHaveLength((await mariasLedger()).length);
    expect(ptBrToCents(rows.at(-1)![4]!)).toBe(await balanceOf(t.db, accounts.wallet(maria.id)));
  });

  it("holds only the caller's own movements", async () => {
    const { rows } = await exported('', bruno);
    expect(rows).toEqual([]);
  });

  it.each([
    [`?from=2021-01-01&to=${Y - 1}-01-01`, statementMessages.rangeTooLong],
    [`?from=${Y}-02-30`, statementMessages.fromInvalid],
    [`?from=01/02/${Y}`, statementMessages.fromInvalid],
    ['?to=amanhã', statementMessages.toInvalid],
    [`?from=${Y}-06-01&to=${Y}-05-31`, statementMessages.fromAfterTo],
    [`?from=${Y}-01-01&from=${Y}-02-01`, statementMessages.fromInvalid],
  ])('refuses %s with 400 and a pt-BR detail', async (query, detail) => {
    const res = await get(maria, `/api/wallet/transactions/export.csv${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });
});

describe('GET /api/wallet/upcoming-receipts/', () => {
  it('lists the next installments across the holdings, soonest first', async () => {
    const res = await get(maria, '/api/wallet/upcoming-receipts/');
    expect(res.statusCode).toBe(200);
    const { count, total, results } = res.json();
    // Açaí: installments 4 to 6 of 18,33 (the last 18,35) on 30 units; Óleo: 12 of 0,94
    // (the last 0,91) on 20 units, expected once its offer succeeds.
    expect(count).toBe(3 + 12);
    expect(total).toBe(money(30n * (1833n + 1833n + 1835n) + 20n * (11n * 94n + 91n)));
    expect(results.slice(0, 4)).toEqual([
      expect.objectContaining({
        date: `${N}-02-15`,
        token_id: tokenIds.acai,
        installment_number: 4,
        installments: 6,
        quantity: 30,
        amount: '549.90',
        status: 'pendente',
      }),
      expect.objectContaining({ date: `${N}-03-15`, installment_number: 5, amount: '549.90' }),
      expect.objectContaining({ date: `${N}-04-15`, installment_number: 6, amount: '550.50' }),
      expect.objectContaining({
        date: `${N}-04-30`,
        token_id: tokenIds.copaiba,
        installment_number: 1,
        quantity: 20,
        amount: '18.80',
        status: 'previsto',
      }),
    ]);
    expect(results).toHaveLength(6);
  });

  it('is empty for a wallet without tokens', async () => {
    expect((await get(bruno, '/api/wallet/upcoming-receipts/')).json()).toEqual({
      count: 0,
      total: '0.00',
      results: [],
    });
  });
});

describe('GET /api/wallet/history/', () => {
  it("gives the wallet's value at the end of each of the last 12 months, from the ledger", async () => {
    const res = await get(maria, '/api/wallet/history/');
    expect(res.statusCode).toBe(200);
    const { months } = res.json();
    expect(months.map((m: { month: string }) => m.month)).toEqual([
      `${Y}-02`,
      `${Y}-03`,
      `${Y}-04`,
      `${Y}-05`,
      `${Y}-06`,
      `${Y}-07`,
      `${Y}-08`,
      `${Y}-09`,
      `${Y}-10`,
      `${Y}-11`,
      `${Y}-12`,
      `${N}-01`,
    ]);
    const ledger = await mariasLedger();
    const terms = new Map(
      (await t.db.select().from(tokensTable)).map((row) => [row.id, row] as const),
    );
    for (const point of months) {
      const end =
        point.month === `${N}-01`
          ? new Date(8.64e15)
          : new Date(new Date(`${point.date}T00:00:00-03:00`).getTime() + 86_400_000);
      const before = ledger.filter((r) => r.createdAt < end);
      const cash = sum(before, (r) => r.amount);
      const cost = sum(before, (r) =>
        r.kind === 'remuneration'
          ? -BigInt(r.quantity) *
            amortizationPerUnit(terms.get(r.tokenId!)!)[Number(r.reference) - 1]!
          : r.kind === 'purchase' || r.kind === 'refund' || r.kind === 'desistencia'
            ? -r.amount
            : 0n,
      );
      expect(point, point.month).toEqual({
        month: point.month,
        date: point.date,
        cash: money(cash),
        tokens: money(cost),
        total: money(cash + cost),
      });
    }
    expect(months[0].date).toBe(`${Y}-02-28`);
    expect(months.at(-1).date).toBe(`${N}-01-20`);
    // February of the first year: 10.000,00 deposited, 3.000,00 in açaí, 500,00 in castanha still in escrow.
    expect(months[0]).toMatchObject({ cash: '6500.00', tokens: '3500.00', total: '10000.00' });
  });
});
