/**
 * Money travels as decimal strings with two places ("1500.00", docs/product.md §7) and is integer
 * centavos inside, never floating point. The one implementation for the API and the web: this file
 * imports nothing, so the landing bundle takes only the functions it calls (`@copaiba/contracts/money`).
 */

/** An amount the API accepts: up to 13 integer digits and 2 decimals. */
export const MONEY_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** An integer counted in 10^-places as a decimal string: (123450n, 2) → "1234.50", (-5n, 2) → "-0.05". */
export function scaledToDecimal(value: bigint, places: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const factor = 10n ** BigInt(places);
  const fraction = places > 0 ? `.${String(abs % factor).padStart(places, '0')}` : '';
  return `${negative ? '-' : ''}${abs / factor}${fraction}`;
}

/** 123450n → "1234.50". */
export function centsToDecimal(cents: bigint): string {
  return scaledToDecimal(cents, 2);
}

/**
 * Digits grouped by thousands as pt-BR writes them: "1234567" → "1.234.567". String arithmetic,
 * not `toLocaleString`: a page's first Intl number format loads ICU's pt-BR data (~100 ms of a
 * phone's main thread on the token page, docs/PERFORMANCE.md).
 */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Centavos as a pt-BR number, for spreadsheets and tables: 123456n → "1.234,56", -5n → "-0,05". */
export function centsToPtBr(cents: bigint): string {
  const [whole = '0', fraction = '00'] = centsToDecimal(cents < 0n ? -cents : cents).split('.');
  return `${cents < 0n ? '-' : ''}${groupThousands(whole)},${fraction}`;
}

/** Centavos as a person reads them in pt-BR: 123456n → "R$ 1.234,56", -5n → "-R$ 0,05". */
export function formatBrl(cents: bigint): string {
  return `${cents < 0n ? '-' : ''}R$ ${centsToPtBr(cents < 0n ? -cents : cents)}`;
}

/** Hundredths of a percent → "12.50". */
export function basisPointsToPercent(bp: number): string {
  return scaledToDecimal(BigInt(bp), 2);
}

/**
 * A non-negative decimal ("12.5" or "12,5", any size) as an integer counted in 10^-places:
 * ("12.5", 2) → 1250n. Null when it is not one, or has more decimals than `places`: "12.505" is
 * refused, never truncated to 12.50.
 */
export function decimalToScaled(value: string | null | undefined, places: number): bigint | null {
  const match = DECIMAL.exec((value ?? '').trim().replace(',', '.'));
  const fraction = match?.[2] ?? '';
  if (!match || fraction.length > places) return null;
  return BigInt(match[1]! + fraction.padEnd(places, '0'));
}

/** "1234.5" or "1234,50" → 123450n; null when it is not an amount the API accepts (MONEY_PATTERN). */
export function decimalToCents(value: string): bigint | null {
  const normalized = value.trim().replace(',', '.');
  return MONEY_PATTERN.test(normalized) ? decimalToScaled(normalized, 2) : null;
}

/** An amount as the API sends it ("1500.00", or "-20.50" in a statement) → centavos; 0n when unreadable. */
export function decimalToCentsOrZero(value: string | null | undefined): bigint {
  const text = (value ?? '').trim();
  const negative = text.startsWith('-');
  const cents = decimalToScaled(negative ? text.slice(1) : text, 2) ?? 0n;
  return negative ? -cents : cents;
}

/**
 * An amount as a person types it in pt-BR or plainly ("150", "150,5", "1.500,00", "R$ 25.00") →
 * centavos, from its digits only. With a comma, dots group thousands; without one, a single dot is
 * the decimal point. Null when it is not a non-negative amount with at most 2 decimals.
 */
export function typedAmountToCents(text: string): bigint | null {
  let value = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  else if ((value.match(/\./g) ?? []).length > 1) return null;
  // "150," and "150." are 150: the person has not typed the centavos yet.
  return decimalToScaled(value.replace(/\.$/, ''), 2);
}

/**
 * numerator / denominator rounded half to even (banker's rounding), all integers. Ties go to the
 * even neighbour on both sides of zero: 5/2 → 2, -5/2 → -2, -15/10 → -2, -35/10 → -4.
 */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator < 0n) return divideHalfEven(-numerator, -denominator);
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = abs / denominator;
  const twice = (abs % denominator) * 2n;
  const roundsUp = twice > denominator || (twice === denominator && quotient % 2n === 1n);
  const rounded = roundsUp ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}
