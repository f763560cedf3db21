/**
 * Decimal strings for the API ("1500.00", "12.50") from what a number input holds: its numeric
 * string (react-number-format's `value`, e.g. "1500.5") or a number. No float arithmetic on the
 * string path; a number is rounded to the last place as an integer first.
 */
import { scaledToDecimal } from '@copaiba/contracts/money';

const DECIMAL = /^(\d*)(?:[.,](\d*))?$/;

export function toFixedDecimal(
  value: string | number | null | undefined,
  places: number = 2,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return '';
    const scaled = BigInt(Math.round(value * 10 ** places));
    return scaledToDecimal(scaled, places);
  }
  const text = value.trim();
  if (text === '') return '';
  const match = DECIMAL.exec(text);
  if (!match || (!match[1] && !match[2])) return text;
  const whole = (match[1] || '0').replace(/^0+(?=\d)/, '');
  if (places === 0) return whole;
  const fraction = (match[2] ?? '').padEnd(places, '0').slice(0, places);
  return `${whole}.${fraction}`;
}

/** BRL amount for the API: "1500.00". */
export const toMoneyString = (value: string | number | null | undefined) =>
  toFixedDecimal(value, 2);
