import { divideHalfEven } from '@copaiba/contracts';

interface Terms {
  unitPriceCents: bigint;
  interestRateBp: number;
  installments: number;
  firstDateInstallment: string;
}

/** Per unit, per installment: unit_price × (1 + rate) / installments, rounded half-even. */
export function installmentPerUnitCents(t: Terms): bigint {
  const totalTimes10000 = t.unitPriceCents * BigInt(10_000 + t.interestRateBp);
  return divideHalfEven(totalTimes10000, 10_000n * BigInt(t.installments));
}

/**
 * What one unit receives at each installment: the half-even installment, and the last one absorbs
 * the rounding so the installments add up to unit_price × (1 + rate), rounded half-even.
 */
export function installmentAmountsPerUnit(t: Terms): bigint[] {
  const total = divideHalfEven(t.unitPriceCents * BigInt(10_000 + t.interestRateBp), 10_000n);
  return spread(total, installmentPerUnitCents(t), t.installments);
}

/**
 * The part of each installment that returns the unit's price (amortization), per unit:
 * unit_price / installments, half-even, the last absorbing the remainder, so the amortizations add
 * up to the unit price. The rest of an installment is income (docs/product.md §17).
 */
export function amortizationPerUnit(t: Pick<Terms, 'unitPriceCents' | 'installments'>): bigint[] {
  const each = divideHalfEven(t.unitPriceCents, BigInt(t.installments));
  return spread(t.unitPriceCents, each, t.installments);
}

/** `total` in `parts` amounts of `each`, the last taking what is left. */
function spread(total: bigint, each: bigint, parts: number): bigint[] {
  let left = total;
  return Array.from({ length: parts }, (_, i) => {
    // Rounding up every part of a tiny total could hand out more than the total: never.
    const amount = i === parts - 1 || each > left ? left : each;
    left -= amount;
    return amount;
  });
}

/** The monthly due dates, from the first installment; a day past a month's end falls on its last day. */
export function installmentDates(
  t: Pick<Terms, 'installments' | 'firstDateInstallment'>,
): string[] {
  // 'Meus Ativos' builds these for each row of every page: plain arithmetic and a table of digits
  // make them ~6 times cheaper than a Date and padStart per date (docs/PERFORMANCE.md, "What each
  // optimisation bought").
  const first = t.firstDateInstallment;
  const y = Number(first.slice(0, 4));
  const m = Number(first.slice(5, 7));
  const d = Number(first.slice(8, 10));
  const dates = new Array<string>(t.installments);
  for (let i = 0; i < t.installments; i++) {
    const month = m - 1 + i;
    const year = y + Math.floor(month / 12);
    const monthIndex = month % 12;
    const day = Math.min(d, daysInMonth(year, monthIndex));
    dates[i] = `${year}-${TWO_DIGITS[monthIndex + 1]}-${TWO_DIGITS[day]}`;
  }
  return dates;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, '0'));

/** Days in a month (0-based) of the Gregorian calendar. */
function daysInMonth(year: number, monthIndex: number): number {
  if (monthIndex !== 1) return MONTH_DAYS[monthIndex]!;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}
