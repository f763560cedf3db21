import type { TokenCard } from '@copaiba/contracts';
import { decimalToCentsOrZero, scaledToDecimal } from '@copaiba/contracts/money';
import { formatPercent } from './format';

export type TokenStatusKey = 'distributing' | 'sold-out' | 'funding';

export interface TokenStatus {
  key: TokenStatusKey;
  label: string;
  color: string;
}

const STATUSES: Record<TokenStatusKey, TokenStatus> = {
  distributing: { key: 'distributing', label: 'Concluído', color: 'gray' },
  'sold-out': { key: 'sold-out', label: '100% Vendido', color: 'red' },
  // The theme's green: Mantine's lighter green on its light badge misses 4.5:1.
  funding: { key: 'funding', label: 'Em captação', color: 'copaiba' },
};

type StatusFlags = Pick<TokenCard, 'is_funding' | 'is_all_sold' | 'is_distributing'>;

/**
 * The card's badge (docs/product.md §4). An issued token has one flag set; should more arrive, Concluído wins,
 * then 100% Vendido, then Em captação (docs/product.md §14). No flag: no badge.
 */
export function tokenStatus(flags: StatusFlags): TokenStatus | null {
  if (flags.is_distributing) return STATUSES.distributing;
  if (flags.is_all_sold) return STATUSES['sold-out'];
  if (flags.is_funding) return STATUSES.funding;
  return null;
}

type ProgressFields = Pick<TokenCard, 'amount_capitated' | 'unit_price' | 'quantity'>;

/**
 * Funding progress in hundredths of a percent, floored so an offer never looks fuller than it is:
 * amount_capitated / (unit_price × quantity), 0 when the total is 0 (docs/product.md §9).
 */
export function fundingProgressBasisPoints(token: ProgressFields): bigint {
  const raised = decimalToCentsOrZero(token.amount_capitated);
  const unit = decimalToCentsOrZero(token.unit_price);
  const quantity = Number.isSafeInteger(token.quantity) && token.quantity > 0 ? token.quantity : 0;
  const total = unit * BigInt(quantity);
  if (total === 0n) return 0n;
  return (raised * 10_000n) / total;
}

export interface FundingProgress {
  /** 0 to 100, for a progress bar. */
  value: number;
  /** '90,00%'. */
  label: string;
}

export function fundingProgress(token: ProgressFields): FundingProgress {
  const bp = fundingProgressBasisPoints(token);
  // A display-only number, clamped for the bar.
  return { value: Math.min(100, Number(bp) / 100), label: formatPercent(scaledToDecimal(bp, 2)) };
}
