import { investorMessages } from '@copaiba/contracts';
import { consents, investorDeclarations, tokens, users } from '@copaiba/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptRiskTerm,
  bearer,
  buyTokens,
  declareProfile,
  fundedInvestor,
  fundWallet,
  insertIssuer,
  insertToken,
  investorProfile,
  signedIn,
  userIdOf,
  walletBalance,
} from '../../testing/fixtures.ts';
import { annualTotalsDrift } from '../../testing/annual-totals.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { RISK_TERM } from './risk-term.ts';

let t: TestApp;
let issuerId: number;

beforeAll(async () => {
  // Wallets above the default limit need more than a month's default deposit allowance.
  t = await createTestApp({ env: { DEPOSIT_MONTHLY_LIMIT: '1000000.00' } });
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

/** An open offer of R$ 100,00 units, plenty of them. */
const offer = (overrides: Parameters<typeof insertToken>[2] = {}) =>
  insertToken(t.db, issuerId, {
    unitPriceCents: 100_00n,
    quantity: 100_000,
    maximumAmountRaisedCents: 10_000_000_00n,
    ...overrides,
  });

const declaration = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  annual_income: '120000.00',
  financial_investments: '80.000,00',
  invested_elsewhere_this_year: '0',
  is_qualified_investor: false,
  ...overrides,
});

const declarationsOf = async (userId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(investorDeclarations)
      .where(eq(investorDeclarations.userId, userId))
  )[0]!.n;

describe('the investor profile and its annual limit', () => {
  it('starts without a declaration, at the default limit', async () => {
    const who = await signedIn(t);
    expect(await investorProfile(t, who)).toEqual({
      annual_income: null,
      financial_investments: null,
      invested_elsewhere_this_year: '0.00',
      is_qualified_investor: false,
      declared_at: null,
      annual_limit: '20000.00',
      invested_this_year: '0.00',
      remaining_annual_limit: '20000.00',
    });
  });

  it('is 10% of the greater of income and investments only when one is above R$ 200.000,00', async () => {
    const who = await signedIn(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ annual_income: '200000.00', financial_investments: '200.000,00' }, '20000.00'],
      [{ annual_income: '200000.01', financial_investments: '0' }, '20000.00'],
      [{ annual_income: '350000', financial_investments: '500.000,00' }, '50000.00'],
      [{ annual_income: '1.234.567,89', financial_investments: '10' }, '123456.78'],
    ];
    for (const [fields, limit] of cases) {
      const res = await declareProfile(t, who, declaration(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(200);
      expect(res.json()).toMatchObject({ annual_limit: limit, remaining_annual_limit: limit });
      expect(await investorProfile(t, who)).toEqual(res.json());
    }
  });

  it('has no limit for a qualified investor', async () => {
    const who = await signedIn(t);
    const res = await declareProfile(
      t,
      who,
      declaration({ financial_investments: '1500000.00', is_qualified_investor: true }),
    );
    expect(res.json()).toMatchObject({
      is_qualified_investor: true,
      annual_limit: null,
      remaining_annual_limit: null,
      financial_investments: '1500000.00',
    });
  });

  it("takes this year's purchases and investments elsewhere from the limit, never below zero", async () => {
    const who = await fundedInvestor(t, { balance: '1000.00' });
    await declareProfile(t, who, declaration({ invested_elsewhere_this_year: '19.500,00' }));
    expect(await investorProfile(t, who)).toMatchObject({
      invested_elsewhere_this_year: '19500.00',
      remaining_annual_limit: '500.00',
    });
    expect((await buyTokens(t, who, (await offer()).id, 3)).statusCode).toBe(201);
    expect(await investorProfile(t, who)).toMatchObject({
      invested_this_year: '300.00',
      remaining_annual_limit: '200.00',
    });
    await declareProfile(t, who, declaration({ invested_elsewhere_this_year: '25000' }));
    expect(await investorProfile(t, who)).toMatchObject({ remaining_annual_limit: '0.00' });
  });

  it("does not carry last year's investments elsewhere into this year", async () => {
    const who = await signedIn(t);
    const userId = await userIdOf(t, who);
    const lastYear = new Date(t.clock.now.getTime() - 400 * 86_400_000);
    await t.db.insert(investorDeclarations).values({
      userId,
      annualIncomeCents: 300_000_00n,
      financialInvestmentsCents: 0n,
      investedElsewhereCents: 5_000_00n,
      isQualifiedInvestor: false,
      declaredAt: lastYear,
      ip: '127.0.0.1',
      userAgent: 'teste',
    });
    expect(await investorProfile(t, who)).toMatchObject({
      annual_income: '300000.00',
      invested_elsewhere_this_year: '0.00',
      annual_limit: '30000.00',
      remaining_annual_limit: '30000.00',
    });
  });

  it('keeps every declaration with its time, address and browser; none is overwritten', async () => {
    const who = await signedIn(t);
    const userId = await userIdOf(t, who);
    for (const income of ['100000', '250000']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/investor/profile/',
        headers: { ...bearer(who), 'user-agent': `Navegador de teste ${income}` },
        payload: declaration({ annual_income: income }),
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await t.db
      .select()
      .from(investorDeclarations)
      .where(eq(investorDeclarations.userId, userId))
      .orderBy(investorDeclarations.id);
    expect(rows.map((r) => [r.annualIncomeCents, r.userAgent, r.ip])).toEqual([
      [100_000_00n, 'Navegador de teste 100000', '127.0.0.1'],
      [250_000_00n, 'Navegador de teste 250000', '127.0.0.1'],
    ]);
    expect(rows[1]!.declaredAt.getTime()).toBe(t.clock.now.getTime());
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/user/data-export/',
      headers: bearer(who),
    });
    expect(exported.json().investor_declarations).toEqual([
      expect.objectContaining({
        annual_income: '100000.00',
        user_agent: 'Navegador de teste 100000',
      }),
      expect.objectContaining({ annual_income: '250000.00', ip: '127.0.0.1' }),
    ]);
  });

  it('refuses negative, absurd and non-numeric amounts with pt-BR messages, writing nothing', async () => {
    const who = await signedIn(t);
    const userId = await userIdOf(t, who);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ annual_income: '-1' }, { annual_income: [investorMessages.amountNegative] }],
      [{ annual_income: -5000 }, { annual_income: [investorMessages.amountNegative] }],
      [
        { financial_investments: 'muito' },
        { financial_investments: [investorMessages.amountInvalid] },
      ],
      [
        { financial_investments: '1e9' },
        { financial_investments: [investorMessages.amountInvalid] },
      ],
      [{ annual_income: '10.5.5' }, { annual_income: [investorMessages.amountInvalid] }],
      [{ annual_income: '100,555' }, { annual_income: [investorMessages.amountInvalid] }],
      [{ annual_income: Number.MAX_VALUE }, { annual_income: [investorMessages.amountInvalid] }],
      [
        { invested_elsewhere_this_year: '999999999999999' },
        { invested_elsewhere_this_year: [investorMessages.amountTooLarge] },
      ],
      [{ annual_income: undefined }, { annual_income: ['Este campo é obrigatório.'] }],
      [{ is_qualified_investor: 'sim' }, { is_qualified_investor: ['Valor inválido.'] }],
      [
        { is_qualified_investor: true, financial_investments: '1.000.000,00' },
        { is_qualified_investor: [investorMessages.qualifiedNeedsInvestments] },
      ],
    ];
    for (const [fields, expected] of cases) {
      const body = declaration(fields);
      for (const [k, v] of Object.entries(fields)) if (v === undefined) delete body[k];
      const res = await declareProfile(t, who, body);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toEqual(expected);
    }
    expect(await declarationsOf(userId)).toBe(0);
    expect(investorMessages.amountTooLarge).toBe('Informe um valor de até R$ 100.000.000.000,00.');
  });
});

describe('the Termo de Ciência de Risco', () => {
  it('is required before a purchase, and only the current version is accepted', async () => {
    const who = await signedIn(t);
    await fundWallet(t, who, '500.00');
    const token = await offer();
    const term = await t.app.inject({
      method: 'GET',
      url: '/api/investor/risk-term/',
      headers: bearer(who),
    });
    expect(term.json()).toEqual({
      version: RISK_TERM.version,
      text: expect.stringContaining('TERMO DE CIÊNCIA DE RISCO'),
      accepted_at: null,
    });

    const refused = await buyTokens(t, who, token.id, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Aceite o Termo de Ciência de Risco antes de investir.',
      code: 'risk_term_required',
    });
    expect((await walletBalance(t, who)).balance).toBe('500.00');

    expect((await acceptRiskTerm(t, who, '2020-01')).json()).toEqual({
      version: [investorMessages.riskTermOutdated],
    });
    expect((await acceptRiskTerm(t, who)).statusCode).toBe(200);
    expect((await buyTokens(t, who, token.id, 1)).statusCode).toBe(201);

    const accepted = await t.app.inject({
      method: 'GET',
      url: '/api/investor/risk-term/',
      headers: bearer(who),
    });
    expect(accepted.json().accepted_at).toBe(t.clock.now.toISOString());
    const rows = await t.db
      .select()
      .from(consents)
      .where(eq(consents.userId, await userIdOf(t, who)))
      .orderBy(consents.id);
    // Registration's terms, the deposit's rules, then the risk term, each with where it came from.
    expect(rows.map((r) => [r.document, r.ip])).toEqual([
      ['terms_of_use', '127.0.0.1'],
      ['deposit_rules', '127.0.0.1'],
      ['risk_term', '127.0.0.1'],
    ]);
    expect(rows[2]!.version).toBe(RISK_TERM.version);
  });

  it('must be accepted again when its version changes', async () => {
    const who = await fundedInvestor(t, { balance: '500.00' });
    const token = await offer();
    expect((await buyTokens(t, who, token.id, 1)).statusCode).toBe(201);
    // The accepted version as it would stand after a new text is published.
    await t.db
      .update(users)
      .set({ riskTermVersion: '2026-01' })
      .where(eq(users.id, await userIdOf(t, who)));
    await t.usersWritten();
    expect((await buyTokens(t, who, token.id, 1)).statusCode).toBe(403);
    expect((await acceptRiskTerm(t, who)).statusCode).toBe(200);
    expect((await buyTokens(t, who, token.id, 1)).statusCode).toBe(201);
  });
});

describe('the annual limit on purchases', () => {
  it('refuses a purchase past what is left, saying how much is, and moves nothing', async () => {
    const who = await fundedInvestor(t, { balance: '25000.00' });
    const token = await offer();
    expect((await buyTokens(t, who, token.id, 150)).statusCode).toBe(201);
    await declareProfile(t, who, declaration({ invested_elsewhere_this_year: '4.765,44' }));
    // 20.000,00 − 15.000,00 here − 4.765,44 elsewhere = 234,56 left: 2 units fit, 3 do not.
    const refused = await buyTokens(t, who, token.id, 3);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      quantity: [
        'Esta compra ultrapassa seu limite anual de investimento (disponível: R$ 234,56).',
      ],
    });
    expect((await walletBalance(t, who)).balance).toBe('10000.00');
    const [row] = await t.db.select().from(tokens).where(eq(tokens.id, token.id));
    expect(row!.unitsSold).toBe(150);
    expect((await buyTokens(t, who, token.id, 2)).statusCode).toBe(201);
    expect(await investorProfile(t, who)).toMatchObject({
      invested_this_year: '15200.00',
      remaining_annual_limit: '34.56',
    });
    expect(await annualTotalsDrift(t.db)).toEqual([]);
  });

  it('lets a qualified investor past the default limit', async () => {
    const who = await fundedInvestor(t, { balance: '30000.00' });
    await declareProfile(
      t,
      who,
      declaration({ financial_investments: '2000000', is_qualified_investor: true }),
    );
    expect((await buyTokens(t, who, (await offer()).id, 250)).statusCode).toBe(201);
    expect(await investorProfile(t, who)).toMatchObject({ invested_this_year: '25000.00' });
  });
});
