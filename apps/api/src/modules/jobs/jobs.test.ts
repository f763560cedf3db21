import { todayInSaoPaulo } from '@copaiba/contracts';
import {
  installmentPayments,
  ledgerTransfers,
  pixCharges,
  tokenHoldings,
  tokens,
} from '@copaiba/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buyTokens,
  fundedInvestor,
  insertIssuer,
  insertToken,
  login,
  noonOf,
  plusDays,
  requestDeposit,
  signedIn,
  statementPage,
  walletBalance,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { accounts, balanceOf, ledgerTotal } from '../ledger/ledger.ts';
import { expireCharges } from './charge-expiry.ts';
import { payDueInstallments } from './installment-payouts.ts';
import { closeDueOffers } from './offer-closing.ts';

/** Offers close at the deadline here: no desistência window (DESISTENCIA_DAYS=0, docs/product.md §15). */
const withoutDesistencia = { desistenciaDays: 0 };

const WEBHOOK_SECRET = 'segredo-do-webhook-de-teste-123';
let t: TestApp;
let issuerId: number;
type Investor = Awaited<ReturnType<typeof investor>>;

beforeAll(async () => {
  t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

/** An investor funded through the real path, buying and reading their wallet over HTTP. */
async function investor(balance: string) {
  const who = await fundedInvestor(t, { balance });
  // Tests move the clock by days: sign in again whenever the access token would have expired.
  let access = { token: who.access, at: t.clock.now.getTime() };
  const withFreshToken = async () => {
    if (Math.abs(t.clock.now.getTime() - access.at) > 10 * 60_000) {
      access = { token: (await login(t, who.email)).json().access, at: t.clock.now.getTime() };
    }
    return { access: access.token };
  };
  return {
    buy: async (tokenId: number, quantity: number) =>
      buyTokens(t, await withFreshToken(), tokenId, quantity),
    balance: async () => (await walletBalance(t, await withFreshToken())).balance as string,
    statement: async (filter: string) => statementPage(t, await withFreshToken(), filter),
    /** 'Meus Ativos'; the API answers 404 when there is nothing to show. */
    myTokens: async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/wallet/my-tokens/todos?page=1',
        headers: bearer(await withFreshToken()),
      });
      return res.statusCode === 404 ? [] : (res.json().results as object[]);
    },
  };
}

/** An offer open today whose deadline is today, with the first installment a month later. */
async function offerClosingToday(overrides: Parameters<typeof insertToken>[2] = {}) {
  const today = todayInSaoPaulo(t.clock.now);
  return insertToken(t.db, issuerId, {
    unitPriceCents: 100_00n,
    interestRateBp: 1250,
    installments: 12,
    quantity: 1000,
    minimumAmountRaisedCents: 300_00n,
    maximumAmountRaisedCents: 100_000_00n,
    deadlineForFunding: today,
    firstDateInstallment: plusDays(today, 31),
    ...overrides,
  });
}

const tokenRow = async (id: number) =>
  (await t.db.select().from(tokens).where(eq(tokens.id, id)))[0]!;

async function withClock<T>(at: Date, run: () => Promise<T>): Promise<T> {
  const before = t.clock.now;
  t.clock.now = at;
  try {
    return await run();
  } finally {
    t.clock.now = before;
  }
}

describe('closing offers at the funding deadline', () => {
  let ana: Investor;
  let bruno: Investor;
  let token: Awaited<ReturnType<typeof offerClosingToday>>;

  beforeAll(async () => {
    [ana, bruno] = [await investor('1000.00'), await investor('1000.00')];
    token = await offerClosingToday();
    expect((await ana.buy(token.id, 2)).statusCode).toBe(201);
    expect((await bruno.buy(token.id, 3)).statusCode).toBe(201);
  });

  it('leaves an offer open until its deadline has passed in São Paulo', async () => {
    const lastMinute = new Date(`${token.deadlineForFunding}T23:59:00-03:00`);
    expect(await closeDueOffers(t.db, lastMinute, withoutDesistencia)).toEqual({
      succeeded: [],
      failed: [],
    });
    expect((await tokenRow(token.id)).offerStatus).toBe('funding');
  });

  it('refuses purchases once the deadline has passed, before the job has run', async () => {
    const nextDay = noonOf(plusDays(token.deadlineForFunding, 1));
    const res = await withClock(nextDay, () => ana.buy(token.id, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ quantity: ['Este token não está em captação.'] });
    expect(await ana.balance()).toBe('800.00');
  });

  it('pays the raise to the issuer when the minimum was reached, once', async () => {
    const nextDay = noonOf(plusDays(token.deadlineForFunding, 1));
    const report = await closeDueOffers(t.db, nextDay, withoutDesistencia);
    expect(report.succeeded).toContain(token.id);
    expect((await tokenRow(token.id)).offerStatus).toBe('distributing');
    expect(await balanceOf(t.db, accounts.escrow(token.id))).toBe(0n);
    expect(await balanceOf(t.db, accounts.issuerPayable(token.id))).toBe(500_00n);
    expect(await closeDueOffers(t.db, nextDay, withoutDesistencia)).toEqual({
      succeeded: [],
      failed: [],
    });
    expect(await balanceOf(t.db, accounts.issuerPayable(token.id))).toBe(500_00n);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('pays each due installment to the holders once, the last absorbing the rounding', async () => {
    const first = token.firstDateInstallment;
    const dayBefore = noonOf(plusDays(first, -1));
    expect(
      (await payDueInstallments(t.db, dayBefore)).filter((p) => p.tokenId === token.id),
    ).toEqual([]);

    const paid = await payDueInstallments(t.db, noonOf(first));
    expect(paid.filter((p) => p.tokenId === token.id)).toEqual([
      { tokenId: token.id, installmentNumber: 1, totalCents: 5n * 938n, holders: 2 },
    ]);
    expect(await payDueInstallments(t.db, noonOf(first))).toEqual([]);
    // 100,00 × 1,125 / 12 = 9,375 → 9,38 per unit
    expect(await ana.balance()).toBe('818.76');
    expect(await bruno.balance()).toBe('728.14');
    expect(await ana.statement('remuneracao')).toEqual([
      expect.objectContaining({ type_operation: 'Remuneração', quantity: 2, balance: '18.76' }),
    ]);
    const [owned] = await ana.myTokens();
    expect(owned).toMatchObject({
      remuneration: '18.76',
      installment_number: 2,
      status_token: 'Concluído',
    });
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/token-issuer-token-project/detail/${token.id}`,
      })
    ).json();
    expect(detail.payment_schedule[0]).toMatchObject({ installment_number: 1, status: 'pago' });
    expect(detail.payment_schedule[1]).toMatchObject({ installment_number: 2, status: 'pendente' });

    // Months later, every installment left is paid at once, oldest first.
    const afterLast = noonOf(plusDays(first, 400));
    const rest = (await payDueInstallments(t.db, afterLast)).filter((p) => p.tokenId === token.id);
    expect(rest.map((p) => p.installmentNumber)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rest.at(-1)!.totalCents).toBe(5n * 932n);
    // Each unit received exactly 112,50 in all.
    expect(await ana.balance()).toBe('1025.00');
    expect(await bruno.balance()).toBe('1037.50');
    expect(await balanceOf(t.db, accounts.issuerFunding(token.id))).toBe(-562_50n);
    const [done] = await ana.myTokens();
    expect(done).toMatchObject({ remuneration: '225.00', installment_number: null });
    expect(await ledgerTotal(t.db)).toBe(0n);
  });
});

describe('an offer that misses its minimum', () => {
  it('refunds every buyer what they paid, once, and fails', async () => {
    const [carla, davi] = [await investor('500.00'), await investor('500.00')];
    const token = await offerClosingToday({ minimumAmountRaisedCents: 10_000_00n });
    await carla.buy(token.id, 1);
    await carla.buy(token.id, 2);
    await davi.buy(token.id, 4);
    expect(await carla.balance()).toBe('200.00');

    const nextDay = noonOf(plusDays(token.deadlineForFunding, 1));
    expect((await closeDueOffers(t.db, nextDay, withoutDesistencia)).failed).toEqual([token.id]);
    expect(await closeDueOffers(t.db, nextDay, withoutDesistencia)).toEqual({
      succeeded: [],
      failed: [],
    });

    expect(await carla.balance()).toBe('500.00');
    expect(await davi.balance()).toBe('500.00');
    expect((await carla.statement('todos'))[0]).toEqual(
      expect.objectContaining({ type_operation: 'Reembolso', quantity: 3, balance: '300.00' }),
    );
    expect(await carla.myTokens()).toEqual([]);
    const row = await tokenRow(token.id);
    expect(row.offerStatus).toBe('failed');
    const held = await t.db
      .select()
      .from(tokenHoldings)
      .where(and(eq(tokenHoldings.tokenId, token.id), sql`${tokenHoldings.quantity} > 0`));
    expect(held).toEqual([]);
    expect(await balanceOf(t.db, accounts.escrow(token.id))).toBe(0n);
    // A failed offer pays no installments.
    expect(
      (await payDueInstallments(t.db, noonOf(plusDays(token.firstDateInstallment, 1)))).some(
        (p) => p.tokenId === token.id,
      ),
    ).toBe(false);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('closes an offer nobody bought without moving money', async () => {
    const token = await offerClosingToday();
    const nextDay = noonOf(plusDays(token.deadlineForFunding, 1));
    expect((await closeDueOffers(t.db, nextDay, withoutDesistencia)).failed).toContain(token.id);
    const moved = await t.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.tokenId, token.id));
    expect(moved).toEqual([]);
  });
});

describe('running the jobs from two instances at once', () => {
  it('closes and pays each offer exactly once', async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, () => investor('1000.00')));
    const winner = await offerClosingToday({ minimumAmountRaisedCents: 200_00n });
    const loser = await offerClosingToday({ minimumAmountRaisedCents: 100_000_00n });
    for (const b of buyers) {
      expect((await b.buy(winner.id, 2)).statusCode).toBe(201);
      expect((await b.buy(loser.id, 1)).statusCode).toBe(201);
    }
    const nextDay = noonOf(plusDays(winner.deadlineForFunding, 1));
    const closings = await Promise.all([
      closeDueOffers(t.db, nextDay, withoutDesistencia),
      closeDueOffers(t.db, nextDay, withoutDesistencia),
    ]);
    expect(closings.flatMap((c) => c.succeeded).filter((id) => id === winner.id)).toHaveLength(1);
    expect(closings.flatMap((c) => c.failed).filter((id) => id === loser.id)).toHaveLength(1);

    const payday = noonOf(plusDays(winner.firstDateInstallment, 35));
    const runs = await Promise.all([
      payDueInstallments(t.db, payday),
      payDueInstallments(t.db, payday),
      payDueInstallments(t.db, payday),
    ]);
    const paid = runs.flat().filter((p) => p.tokenId === winner.id);
    expect(paid.map((p) => p.installmentNumber).sort()).toEqual([1, 2]);
    const rows = await t.db
      .select()
      .from(installmentPayments)
      .where(eq(installmentPayments.tokenId, winner.id));
    expect(rows.map((r) => [r.installmentNumber, r.totalCents, r.holders])).toEqual([
      [1, 8n * 938n, 4],
      [2, 8n * 938n, 4],
    ]);
    // 1000,00 − 2 × 100,00 − 100,00 + 100,00 refunded + 2 installments × 2 units × 9,38
    for (const b of buyers) expect(await b.balance()).toBe('837.52');
    expect(await ledgerTotal(t.db)).toBe(0n);
  });
});

describe('expiring Pix charges', () => {
  it('marks pending charges past their hour as expired, and still credits a late payment', async () => {
    const who = await signedIn(t);
    const headers = bearer(who);
    const { txid } = (await requestDeposit(t, who, '50.00')).json();
    expect(await expireCharges(t.db, new Date(t.clock.now.getTime() + 59 * 60_000))).not.toContain(
      txid,
    );
    expect(await expireCharges(t.db, new Date(t.clock.now.getTime() + 61 * 60_000))).toContain(
      txid,
    );
    const [charge] = await t.db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
    expect(charge!.status).toBe('expired');

    // The payer's bank confirmed it anyway: the money arrived, so it is credited.
    const confirmation = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/pix/?hmac=${WEBHOOK_SECRET}`,
      payload: {
        pix: [
          {
            endToEndId: 'E12345678202611221200abcdef12345',
            txid,
            valor: '50.00',
            horario: new Date().toISOString(),
          },
        ],
      },
    });
    expect(confirmation.statusCode).toBe(200);
    const wallet = await t.app.inject({ method: 'GET', url: '/api/wallet/balance/brlt/', headers });
    expect(wallet.json().balance).toBe('50.00');
  });
});
