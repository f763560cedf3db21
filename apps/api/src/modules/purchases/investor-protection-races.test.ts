import { addDays, todayInSaoPaulo } from '@copaiba/contracts';
import { ledgerTransfers, tokenHoldings, tokens } from '@copaiba/db';
import { and, eq, inArray } from 'drizzle-orm';
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
  purchasesPage,
  userIdOf,
  walletBalance,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { closeDueOffers } from '../jobs/offer-closing.ts';
import { accounts, balanceOf, ledgerTotal } from '../ledger/ledger.ts';

/*
 * Investor protection under concurrency, on PostgreSQL (docs/product.md §15): the annual limit
 * holds however many purchases one investor sends at once across offers, and a desistência racing
 * its offer's closing is either done or refused, never both, never neither.
 */

let t: TestApp;
let issuerId: number;

beforeAll(async () => {
  // A limit small enough for a burst of R$ 10,00 purchases to reach it.
  t = await createTestApp({ env: { ANNUAL_INVESTMENT_LIMIT: '1000.00' } });
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

const offer = (overrides: Parameters<typeof insertToken>[2] = {}) =>
  insertToken(t.db, issuerId, {
    unitPriceCents: 10_00n,
    quantity: 100_000,
    maximumAmountRaisedCents: 1_000_000_00n,
    ...overrides,
  });

describe('the annual limit under concurrency', () => {
  it('never lets simultaneous purchases of one investor across several offers pass it', async () => {
    const offers = await Promise.all([offer(), offer(), offer(), offer()]);
    const investors = await Promise.all(
      Array.from({ length: 3 }, () => fundedInvestor(t, { balance: '3000.00' })),
    );
    // Each investor sends 48 purchases of 1 to 6 units (R$ 10,00 each) at once, over 4 offers:
    // about R$ 1.680,00 asked for, R$ 1.000,00 allowed.
    const asked = investors.flatMap((who) =>
      Array.from({ length: 48 }, (_, i) => ({
        who,
        tokenId: offers[i % offers.length]!.id,
        quantity: 1 + ((i * 7) % 6),
      })),
    );
    const answers = await Promise.all(
      asked.map(async (p) => ({ ...p, res: await buyTokens(t, p.who, p.tokenId, p.quantity) })),
    );
    for (const who of investors) {
      const mine = answers.filter((a) => a.who === who);
      const boughtCents = mine
        .filter((a) => a.res.statusCode === 201)
        .reduce((sum, a) => sum + a.quantity * 10_00, 0);
      const refused = mine.filter((a) => a.res.statusCode === 400);
      expect(boughtCents).toBeLessThanOrEqual(1000_00);
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused) {
        const message = (a.res.json().quantity as string[])[0] ?? '';
        const available = /disponível: R\$ ([\d.]+),(\d{2})\)/.exec(message);
        expect(available, message).not.toBeNull();
        // Refused only when it did not fit what was left at its turn.
        const left = Number(available![1]!.replace(/\./g, '')) * 100 + Number(available![2]);
        expect(a.quantity * 10_00).toBeGreaterThan(left);
      }
      expect(await investorProfile(t, who)).toMatchObject({
        invested_this_year: (boughtCents / 100).toFixed(2),
      });
      expect((await walletBalance(t, who)).balance).toBe(
        ((3000_00 - boughtCents) / 100).toFixed(2),
      );
    }
    expect(await annualTotalsDrift(t.db)).toEqual([]);
    expect(await holdingValuesDrift(t.db)).toEqual([]);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });
});

describe('a desistência racing its offer closing', () => {
  /** The money and units of `who` in `tokenId`: every movement of theirs, and their holding. */
  async function position(who: SignedIn, tokenId: number) {
    const userId = await userIdOf(t, who);
    const moves = await t.db
      .select({ kind: ledgerTransfers.kind, amount: ledgerTransfers.amountCents })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.userId, userId),
          eq(ledgerTransfers.tokenId, tokenId),
          inArray(ledgerTransfers.kind, ['desistencia', 'refund']),
        ),
      );
    const [holding] = await t.db
      .select({ quantity: tokenHoldings.quantity })
      .from(tokenHoldings)
      .where(and(eq(tokenHoldings.userId, userId), eq(tokenHoldings.tokenId, tokenId)));
    return { moves: moves.map((m) => m.kind), units: holding?.quantity ?? 0 };
  }

  // The closing job runs as another instance would with DESISTENCIA_DAYS=0, so it finds the offer
  // due while this app's 5-day window still lets the buyer undo: only the offer's lock decides.
  const closing = () => closeDueOffers(t.db, t.clock.now, { desistenciaDays: 0 });

  it('either undoes the purchase or refunds it at the failed close: once, never both', async () => {
    const outcomes = { desisted: 0, refused: 0 };
    for (let round = 0; round < 15; round++) {
      const today = todayInSaoPaulo(t.clock.now);
      const token = await offer({ deadlineForFunding: today, minimumAmountRaisedCents: 5_000_00n });
      const [ana, bia] = await Promise.all([
        fundedInvestor(t, { balance: '100.00' }),
        fundedInvestor(t, { balance: '100.00' }),
      ]);
      expect((await buyTokens(t, ana, token.id, 3)).statusCode).toBe(201);
      expect((await buyTokens(t, bia, token.id, 2)).statusCode).toBe(201);
      const [purchase] = (await purchasesPage(t, ana)).results;
      // The deadline passes: the offer fails at its close (R$ 50,00 of a R$ 5.000,00 minimum).
      await t.db
        .update(tokens)
        .set({ deadlineForFunding: addDays(today, -1) })
        .where(eq(tokens.id, token.id));

      const [undo, report] = await Promise.all([desist(t, ana, purchase.id), closing()]);
      expect(report.failed).toEqual([token.id]);
      const anaPosition = await position(ana, token.id);
      if (undo.statusCode === 200) {
        outcomes.desisted++;
        expect(anaPosition).toEqual({ moves: ['desistencia'], units: 0 });
      } else {
        outcomes.refused++;
        expect(undo.statusCode).toBe(400);
        expect(anaPosition).toEqual({ moves: ['refund'], units: 0 });
      }
      expect(await position(bia, token.id)).toEqual({ moves: ['refund'], units: 0 });
      expect((await walletBalance(t, ana)).balance).toBe('100.00');
      expect((await walletBalance(t, bia)).balance).toBe('100.00');
      expect(await balanceOf(t.db, accounts.escrow(token.id))).toBe(0n);
    }
    expect(outcomes.desisted + outcomes.refused).toBe(15);
    expect(await annualTotalsDrift(t.db)).toEqual([]);
    expect(await holdingValuesDrift(t.db)).toEqual([]);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('either undoes the purchase of a sold-out offer or lets it close with it, never both', async () => {
    for (let round = 0; round < 15; round++) {
      const token = await offer({
        quantity: 5,
        maximumAmountRaisedCents: 50_00n,
        minimumAmountRaisedCents: 50_00n,
      });
      const [ana, bia] = await Promise.all([
        fundedInvestor(t, { balance: '100.00' }),
        fundedInvestor(t, { balance: '100.00' }),
      ]);
      expect((await buyTokens(t, ana, token.id, 3)).statusCode).toBe(201);
      expect((await buyTokens(t, bia, token.id, 2)).statusCode).toBe(201);
      const [purchase] = (await purchasesPage(t, ana)).results;

      const [undo, report] = await Promise.all([desist(t, ana, purchase.id), closing()]);
      const [row] = await t.db.select().from(tokens).where(eq(tokens.id, token.id));
      if (undo.statusCode === 200) {
        // Undone first: the offer was no longer sold out, so there was nothing to close.
        expect(report).toEqual({ succeeded: [], failed: [] });
        expect(row).toMatchObject({ offerStatus: 'funding', unitsSold: 2 });
        expect((await walletBalance(t, ana)).balance).toBe('100.00');
      } else {
        expect(undo.statusCode).toBe(400);
        expect(report.succeeded).toEqual([token.id]);
        expect(row).toMatchObject({ offerStatus: 'distributing', unitsSold: 5 });
        expect(await position(ana, token.id)).toEqual({ moves: [], units: 3 });
        expect((await walletBalance(t, ana)).balance).toBe('70.00');
        expect(await balanceOf(t.db, accounts.issuerPayable(token.id))).toBe(50_00n);
      }
    }
    expect(await annualTotalsDrift(t.db)).toEqual([]);
    expect(await holdingValuesDrift(t.db)).toEqual([]);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });
});
