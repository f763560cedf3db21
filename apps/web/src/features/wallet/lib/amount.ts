import {
  MINIMUM_DEPOSIT_CENTS,
  MINIMUM_WITHDRAWAL_CENTS,
  walletMessages,
  withdrawMessages,
} from '@copaiba/contracts';
import { toCents } from '@/lib/money';

/**
 * A typed BRL amount ("150", "150,5", "1.500,00", "R$ 25.00") to integer centavos, from its
 * digits only (no floating point). Null when it is not a plain amount with at most 2 decimals.
 */
export function parseAmountCents(text: string): bigint | null {
  let value = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  else if ((value.match(/\./g) ?? []).length > 1) return null;
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(value);
  if (!match) return null;
  return BigInt(match[1]! + (match[2] ?? '').padEnd(2, '0'));
}

/** Centavos to the API's decimal string: 12345n → "123.45". */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A server decimal ("1500.00", possibly signed) to centavos; 0 when unreadable. */
export function decimalCents(value: string | null | undefined): bigint {
  const text = (value ?? '').trim();
  const negative = text.startsWith('-');
  const cents = toCents(negative ? text.slice(1) : text) ?? 0n;
  return negative ? -cents : cents;
}

/** docs/product.md §5 deposit rules; null when the amount may be deposited. */
export function depositAmountError(text: string, depositToUse: string): string | null {
  const cents = parseAmountCents(text);
  if (cents === null || cents <= 0n || cents > decimalCents(depositToUse)) {
    return walletMessages.depositNotAllowed;
  }
  if (cents < MINIMUM_DEPOSIT_CENTS) return walletMessages.depositMinimum;
  return null;
}

export interface WithdrawLimits {
  balance: string;
  withdrawal_to_use: string;
  maximum_withdrawal_limit: string;
}

/** docs/product.md §5 withdrawal amount rules; null when the amount may be withdrawn. */
export function withdrawAmountError(text: string, limits: WithdrawLimits): string | null {
  const cents = parseAmountCents(text);
  if (cents === null || cents <= 0n) return withdrawMessages.valueInvalid;
  if (cents > decimalCents(limits.balance)) return withdrawMessages.aboveBalance;
  if (cents < MINIMUM_WITHDRAWAL_CENTS) return withdrawMessages.minimum;
  if (cents > decimalCents(limits.withdrawal_to_use)) return withdrawMessages.aboveMonthly;
  return null;
}

/** part / total as a whole percentage, rounded half up; 0 when the total is 0. */
function wholePercent(part: bigint, total: bigint): number {
  if (total <= 0n || part <= 0n) return 0;
  return Number((part * 200n + total) / (2n * total));
}

/** docs/product.md §9 donut: cash and assets each as a share of the total, whole numbers. */
export function donutPercentages(balance: string, tokens: string) {
  const cash = decimalCents(balance);
  const assets = decimalCents(tokens);
  const total = (cash > 0n ? cash : 0n) + (assets > 0n ? assets : 0n);
  return {
    totalCents: total,
    available: wholePercent(cash, total),
    assets: wholePercent(assets, total),
  };
}

/** Monthly withdrawal bar (docs/product.md §9): used = maximum − remaining, as a percentage of the maximum. */
export function withdrawalUsage(maximum: string, toUse: string) {
  const max = decimalCents(maximum);
  const remaining = decimalCents(toUse);
  const used = max - remaining > 0n ? max - remaining : 0n;
  const percent = max > 0n ? Math.min(100, Number((used * 10000n) / max) / 100) : 0;
  return { usedCents: used, maxCents: max, percent };
}
