import {
  MINIMUM_DEPOSIT_CENTS,
  MINIMUM_WITHDRAWAL_CENTS,
  walletMessages,
  withdrawMessages,
} from '@copaiba/contracts';
import { decimalToCentsOrZero, typedAmountToCents } from '@copaiba/contracts/money';

/** docs/product.md §5 deposit rules; null when the amount may be deposited. */
export function depositAmountError(text: string, depositToUse: string): string | null {
  const cents = typedAmountToCents(text);
  if (cents === null || cents <= 0n || cents > decimalToCentsOrZero(depositToUse)) {
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
  const cents = typedAmountToCents(text);
  if (cents === null || cents <= 0n) return withdrawMessages.valueInvalid;
  if (cents > decimalToCentsOrZero(limits.balance)) return withdrawMessages.aboveBalance;
  if (cents < MINIMUM_WITHDRAWAL_CENTS) return withdrawMessages.minimum;
  if (cents > decimalToCentsOrZero(limits.withdrawal_to_use)) return withdrawMessages.aboveMonthly;
  return null;
}

/** Monthly withdrawal bar (docs/product.md §9): used = maximum − remaining, as a percentage of the maximum. */
export function withdrawalUsage(maximum: string, toUse: string) {
  const max = decimalToCentsOrZero(maximum);
  const remaining = decimalToCentsOrZero(toUse);
  const used = max - remaining > 0n ? max - remaining : 0n;
  const percent = max > 0n ? Math.min(100, Number((used * 10000n) / max) / 100) : 0;
  return { usedCents: used, maxCents: max, percent };
}
