/**
 * Integer-centavo arithmetic for the browser. The same rules as `@copaiba/contracts` (money.ts),
 * kept here so screens in the landing bundle do not pull zod in with the contracts' schemas.
 */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal string scaled to an integer with `places` decimals, truncated: ("12.505", 2) → 1250n. */
export function decimalToScaled(value: string | null | undefined, places: number): bigint | null {
  const match = DECIMAL.exec((value ?? '').trim().replace(',', '.'));
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(places, '0').slice(0, places);
  return BigInt(match[1]! + fraction);
}

/** "1234.56" → 123456n; null when it is not a plain non-negative amount. */
export function toCents(value: string | null | undefined): bigint | null {
  return decimalToScaled(value, 2);
}

/** numerator / denominator rounded half to even (banker's rounding), all integers, denominator > 0. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = abs / denominator;
  const twice = (abs % denominator) * 2n;
  let rounded = quotient;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) rounded += 1n;
  return negative ? -rounded : rounded;
}
