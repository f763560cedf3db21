/**
 * pt-BR formatting for display. Money arrives as decimal strings ("1500.00", docs/product.md §7) and is
 * formatted with string and BigInt arithmetic only, so no floating-point error can show.
 */
import { saoPauloDateTime } from '@copaiba/contracts/dates';
import { formatBrl, groupThousands } from '@copaiba/contracts/money';

const DECIMAL = /^([+-])?(\d*)(?:[.,](\d*))?$/;

/** Splits a decimal into sign, integer digits and a fraction rounded half-up to `places`. */
function roundDecimal(value: string, places: number) {
  const match = DECIMAL.exec(value.trim());
  if (!match || (!match[2] && !match[3])) return null;
  const negative = match[1] === '-';
  const intDigits = match[2] || '0';
  const fracDigits = match[3] ?? '';
  const scaled = BigInt(intDigits + fracDigits.padEnd(places, '0').slice(0, places));
  const roundUp = (fracDigits[places] ?? '0') >= '5';
  const units = scaled + (roundUp ? 1n : 0n);
  const factor = 10n ** BigInt(places);
  return {
    negative: negative && units !== 0n,
    integer: (units / factor).toString(),
    fraction: places > 0 ? (units % factor).toString().padStart(places, '0') : '',
  };
}

function toDecimalString(value: string | number | bigint): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (!Number.isFinite(value)) return '';
  // toFixed avoids exponent notation; 6 places keep the rounding of the second one honest.
  return value.toFixed(6);
}

/** 'R$ 1.234,56'. A missing or unreadable value shows 'R$ 0,00' (docs/product.md §1). */
export function formatMoney(value: string | number | bigint | null | undefined): string {
  const parts =
    value === null || value === undefined ? null : roundDecimal(toDecimalString(value), 2);
  if (!parts) return 'R$ 0,00';
  return `${parts.negative ? '-' : ''}R$ ${groupThousands(parts.integer)},${parts.fraction}`;
}

/** Integer centavos to 'R$ 1.234,56'. */
export function formatCents(cents: number | bigint): string {
  return formatBrl(BigInt(cents));
}

/** A number with pt-BR separators and fixed places: '1.234,50'. */
export function formatDecimal(value: string | number | null | undefined, places = 2): string {
  const parts =
    value === null || value === undefined ? null : roundDecimal(toDecimalString(value), places);
  if (!parts) return places > 0 ? `0,${'0'.repeat(places)}` : '0';
  const sign = parts.negative ? '-' : '';
  return `${sign}${groupThousands(parts.integer)}${places > 0 ? `,${parts.fraction}` : ''}`;
}

/** Interest and progress: '12,50%' (docs/product.md §9: 2 decimals, comma and %). */
export function formatPercent(value: string | number | null | undefined, places = 2): string {
  return `${formatDecimal(value, places)}%`;
}

/** 'YYYY-MM-DD' (a calendar date, no time zone) to 'DD/MM/YYYY'. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return '';
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** An instant (ISO 8601 with offset, or a Date) as 'dd/MM/yyyy HH:mm' in São Paulo time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return saoPauloDateTime(date);
}

/** A person's initials for an avatar: the first and last words' first letters ('Ana Lima' → 'AL'). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
