import { decimalToCentsOrZero } from '@copaiba/contracts/money';

// Apart from ./amount.ts, whose form messages bring the contracts' schemas (and zod) into the
// wallet's first render: /wallet needs only this arithmetic (docs/PERFORMANCE.md).

/** part / total as a whole percentage, rounded half up; 0 when the total is 0. */
function wholePercent(part: bigint, total: bigint): number {
  if (total <= 0n || part <= 0n) return 0;
  return Number((part * 200n + total) / (2n * total));
}

/** docs/product.md §9 donut: cash and assets each as a share of the total, whole numbers. */
export function donutPercentages(balance: string, tokens: string) {
  const cash = decimalToCentsOrZero(balance);
  const assets = decimalToCentsOrZero(tokens);
  const total = (cash > 0n ? cash : 0n) + (assets > 0n ? assets : 0n);
  return {
    totalCents: total,
    available: wholePercent(cash, total),
    assets: wholePercent(assets, total),
  };
}
