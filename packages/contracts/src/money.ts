/** Money travels as decimal strings with two places ("1500.00") and is integer centavos inside. */
export const MONEY_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** "1234.5" or "1234,50" → 123450n; null when it is not a plain non-negative amount. */
export function decimalToCents(value: string): bigint | null {
  const normalized = value.trim().replace(',', '.');
  if (!MONEY_PATTERN.test(normalized)) return null;
  const [whole = '0', fraction = ''] = normalized.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Hundredths of a percent → "12.50". */
export function basisPointsToPercent(bp: number): string {
  return centsToDecimal(BigInt(bp));
}

/** numerator / denominator rounded half to even (banker's rounding), all integers. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = remainder * 2n;
  if (twice < denominator) return quotient;
  if (twice > denominator) return quotient + 1n;
  return quotient % 2n === 0n ? quotient : quotient + 1n;
}
