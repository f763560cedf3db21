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
  const each = installmentPerUnitCents(t);
  let left = total;
  return Array.from({ length: t.installments }, (_, i) => {
    // Rounding up every installment of a tiny price could pay more than the total: never.
    const amount = i === t.installments - 1 || each > left ? left : each;
    left -= amount;
    return amount;
  });
}

/** The monthly due dates, from the first installment; a day past a month's end falls on its last day. */
export function installmentDates(
  t: Pick<Terms, 'installments' | 'firstDateInstallment'>,
): string[] {
  const [y, m, d] = t.firstDateInstallment.split('-').map(Number) as [number, number, number];
  return Array.from({ length: t.installments }, (_, i) => {
    const month = m - 1 + i;
    const year = y + Math.floor(month / 12);
    const monthIndex = month % 12;
    const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
    const day = Math.min(d, lastDay);
    return `${year}-${String(monthIndex + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  });
}
