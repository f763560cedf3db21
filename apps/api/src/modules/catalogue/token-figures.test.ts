import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amortizationPerUnit,
  installmentAmountsPerUnit,
  installmentDates,
  installmentPerUnitCents,
} from './token-figures.ts';

const terms = {
  unitPriceCents: 100_00n,
  interestRateBp: 1250,
  maximumAmountRaisedCents: 50_000_00n,
  quantity: 1000,
  unitsSold: 0,
  installments: 12,
  firstDateInstallment: '2027-01-31',
};

describe('token figures', () => {
  it('splits the total to receive per unit into installments, half-even', () => {
    // 100,00 × 1,125 = 112,50; / 12 = 9,375 → 9,38 (7 is odd, rounds up to even 8)
    expect(installmentPerUnitCents(terms)).toBe(938n);
    // 100,00 × 1,0 / 8 = 12,50 exactly
    expect(installmentPerUnitCents({ ...terms, interestRateBp: 0, installments: 8 })).toBe(1250n);
    // 0,10 × 1,05 / 4 = 0,02625 → 0,03 ; 0,01 × 1 / 8 = 0,00125 → 0,00
    expect(
      installmentPerUnitCents({
        ...terms,
        unitPriceCents: 10n,
        interestRateBp: 500,
        installments: 4,
      }),
    ).toBe(3n);
    expect(
      installmentPerUnitCents({ ...terms, unitPriceCents: 1n, interestRateBp: 0, installments: 8 }),
    ).toBe(0n);
    // exactly half: 0,05 / 2 = 0,025 → 0,02 (even)
    expect(
      installmentPerUnitCents({ ...terms, unitPriceCents: 5n, interestRateBp: 0, installments: 2 }),
    ).toBe(2n);
  });

  it('pays exactly the total per unit over the installments, the last absorbing the rounding', () => {
    const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
    // 112,50 = 11 × 9,38 + 9,32
    const amounts = installmentAmountsPerUnit(terms);
    expect(amounts.slice(0, 11).every((a) => a === 938n)).toBe(true);
    expect(amounts[11]).toBe(932n);
    expect(sum(amounts)).toBe(112_50n);
    // 0,10 × 1,05 = 0,105 → 0,10 (half-even); 3 + 3 + 3 + 1
    expect(
      installmentAmountsPerUnit({
        ...terms,
        unitPriceCents: 10n,
        interestRateBp: 500,
        installments: 4,
      }),
    ).toEqual([3n, 3n, 3n, 1n]);
    // 0,10 over 12: each rounds up to 0,01, so the money runs out at the tenth installment
    const tiny = installmentAmountsPerUnit({
      ...terms,
      unitPriceCents: 10n,
      interestRateBp: 0,
      installments: 12,
    });
    expect(sum(tiny)).toBe(10n);
    expect(tiny.slice(10)).toEqual([0n, 0n]);
  });

  it('returns the unit price over the installments, the last absorbing the remainder', () => {
    // 100,00 / 12 = 8,333… → 8,33; 11 × 8,33 + 8,37 = 100,00
    const amounts = amortizationPerUnit(terms);
    expect(amounts.slice(0, 11).every((a) => a === 833n)).toBe(true);
    expect(amounts[11]).toBe(837n);
    // 2,00 / 3 = 0,666… → 0,67; 0,67 + 0,67 + 0,66
    expect(amortizationPerUnit({ unitPriceCents: 200n, installments: 3 })).toEqual([67n, 67n, 66n]);
    // 0,05 / 2 = 0,025 → 0,02 (half-even); the last takes 0,03
    expect(amortizationPerUnit({ unitPriceCents: 5n, installments: 2 })).toEqual([2n, 3n]);
    // 0,10 over 12: the price is returned by the tenth installment, never more
    expect(amortizationPerUnit({ unitPriceCents: 10n, installments: 12 })).toEqual([
      ...Array<bigint>(10).fill(1n),
      0n,
      0n,
    ]);
  });

  it('amortizes exactly the unit price, and no more than an installment pays without interest', () => {
    const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 100_000_000n }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 10_000 }),
        (unitPriceCents, installments, interestRateBp) => {
          const t = { ...terms, unitPriceCents, installments, interestRateBp };
          const amortization = amortizationPerUnit(t);
          expect(amortization).toHaveLength(installments);
          expect(sum(amortization)).toBe(unitPriceCents);
          expect(amortization.every((a) => a >= 0n)).toBe(true);
          // Without interest an installment is all amortization: the income is zero, each time.
          if (interestRateBp === 0) expect(installmentAmountsPerUnit(t)).toEqual(amortization);
          // Over the whole schedule the income is the interest, never below zero.
          expect(sum(installmentAmountsPerUnit(t)) - sum(amortization)).toBeGreaterThanOrEqual(0n);
        },
      ),
    );
  });

  it('steps monthly from the first date, clamping to the end of short months', () => {
    expect(installmentDates({ installments: 4, firstDateInstallment: '2027-01-31' })).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(installmentDates({ installments: 2, firstDateInstallment: '2027-12-15' })).toEqual([
      '2027-12-15',
      '2028-01-15',
    ]);
    expect(installmentDates({ installments: 3, firstDateInstallment: '2099-12-29' })).toEqual([
      '2099-12-29',
      '2100-01-29',
      '2100-02-28',
    ]);
  });

  it("agrees with the calendar's own month ends for any first date and schedule", () => {
    // The calendar as Date keeps it: the installment's month, its last day, the first date's day.
    const byDate = (first: string, i: number) => {
      const [y, m, d] = first.split('-').map(Number) as [number, number, number];
      const lastDay = new Date(Date.UTC(y, m + i, 0)).getUTCDate();
      return new Date(Date.UTC(y, m - 1 + i, Math.min(d, lastDay))).toISOString().slice(0, 10);
    };
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 120 }),
        (first, installments) => {
          const firstDate = first.toISOString().slice(0, 10);
          const dates = installmentDates({ installments, firstDateInstallment: firstDate });
          expect(dates).toEqual(
            Array.from({ length: installments }, (_, i) => byDate(firstDate, i)),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
