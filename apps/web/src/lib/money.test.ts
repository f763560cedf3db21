import { describe, expect, it } from 'vitest';
import { decimalToScaled, divideHalfEven, toCents } from './money';

describe('toCents', () => {
  it('reads decimal strings as integer centavos', () => {
    expect(toCents('1500.00')).toBe(150000n);
    expect(toCents('9.38')).toBe(938n);
    expect(toCents('0.5')).toBe(50n);
    expect(toCents('100')).toBe(10000n);
    expect(toCents('90071992547409931.99')).toBe(9007199254740993199n);
  });

  it('refuses what is not an amount', () => {
    expect(toCents('')).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(toCents('-1.00')).toBeNull();
    expect(toCents('1e3')).toBeNull();
    expect(toCents('abc')).toBeNull();
  });

  it('scales to other precisions', () => {
    expect(decimalToScaled('12.5', 2)).toBe(1250n);
    expect(decimalToScaled('12.505', 3)).toBe(12505n);
    expect(decimalToScaled('7', 4)).toBe(70000n);
  });
});

describe('divideHalfEven', () => {
  it('rounds ties to the even neighbour', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n);
    expect(divideHalfEven(7n, 2n)).toBe(4n);
    expect(divideHalfEven(25n, 10n)).toBe(2n);
    expect(divideHalfEven(35n, 10n)).toBe(4n);
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
  });

  it('rounds other remainders to the nearest', () => {
    expect(divideHalfEven(26n, 10n)).toBe(3n);
    expect(divideHalfEven(24n, 10n)).toBe(2n);
    expect(divideHalfEven(10n, 5n)).toBe(2n);
  });
});
