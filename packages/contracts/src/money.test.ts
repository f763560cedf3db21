import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  centsToDecimal,
  decimalToCents,
  decimalToCentsOrZero,
  decimalToScaled,
  divideHalfEven,
  scaledToDecimal,
  typedAmountToCents,
} from './money.ts';

/** 123456789n → "1.234.567,89", as a person types an amount in pt-BR. */
function ptBr(cents: bigint): string {
  const [whole = '0', fraction = '00'] = centsToDecimal(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}`;
}

const cents = fc.bigInt({ min: 0n, max: 10n ** 15n - 1n });

describe('divideHalfEven', () => {
  it('rounds ties to the even neighbour', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n);
    expect(divideHalfEven(7n, 2n)).toBe(4n);
    expect(divideHalfEven(25n, 10n)).toBe(2n);
    expect(divideHalfEven(35n, 10n)).toBe(4n);
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
  });

  it('rounds negative ties to the even neighbour too, not towards zero', () => {
    expect(divideHalfEven(-15n, 10n)).toBe(-2n);
    expect(divideHalfEven(-25n, 10n)).toBe(-2n);
    expect(divideHalfEven(-35n, 10n)).toBe(-4n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(-6n, 10n)).toBe(-1n);
    expect(divideHalfEven(-4n, 10n)).toBe(0n);
    expect(divideHalfEven(15n, -10n)).toBe(-2n);
    expect(divideHalfEven(-15n, -10n)).toBe(2n);
  });

  it('rounds other remainders to the nearest', () => {
    expect(divideHalfEven(26n, 10n)).toBe(3n);
    expect(divideHalfEven(24n, 10n)).toBe(2n);
    expect(divideHalfEven(10n, 5n)).toBe(2n);
  });

  it('is the nearest integer, ties to even, symmetric around zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (numerator, denominator) => {
          const q = divideHalfEven(numerator, denominator);
          const off = 2n * (numerator - q * denominator);
          expect(off <= denominator && off >= -denominator).toBe(true);
          if (off === denominator || off === -denominator) expect(q % 2n).toBe(0n);
          expect(divideHalfEven(-numerator, denominator)).toBe(-q);
        },
      ),
    );
  });
});

describe('centsToDecimal and basisPointsToPercent', () => {
  it('write the API string', () => {
    expect(centsToDecimal(12345n)).toBe('123.45');
    expect(centsToDecimal(5n)).toBe('0.05');
    expect(centsToDecimal(0n)).toBe('0.00');
    expect(centsToDecimal(-2050n)).toBe('-20.50');
    expect(basisPointsToPercent(1250)).toBe('12.50');
    expect(scaledToDecimal(12505n, 3)).toBe('12.505');
    expect(scaledToDecimal(7n, 0)).toBe('7');
  });
});

describe('decimalToScaled', () => {
  it('reads decimal strings as integer centavos', () => {
    expect(decimalToScaled('1500.00', 2)).toBe(150000n);
    expect(decimalToScaled('9.38', 2)).toBe(938n);
    expect(decimalToScaled('0.5', 2)).toBe(50n);
    expect(decimalToScaled('100', 2)).toBe(10000n);
    expect(decimalToScaled('90071992547409931.99', 2)).toBe(9007199254740993199n);
  });

  it('refuses what is not an amount', () => {
    expect(decimalToScaled('', 2)).toBeNull();
    expect(decimalToScaled(null, 2)).toBeNull();
    expect(decimalToScaled('-1.00', 2)).toBeNull();
    expect(decimalToScaled('1e3', 2)).toBeNull();
    expect(decimalToScaled('abc', 2)).toBeNull();
  });

  it('scales to other precisions', () => {
    expect(decimalToScaled('12.5', 2)).toBe(1250n);
    expect(decimalToScaled('12.505', 3)).toBe(12505n);
    expect(decimalToScaled('7', 4)).toBe(70000n);
  });

  it('refuses more decimals than asked for instead of truncating them', () => {
    expect(decimalToScaled('12.505', 2)).toBeNull();
    expect(decimalToScaled('0.001', 2)).toBeNull();
    expect(decimalToScaled('7.5', 0)).toBeNull();
  });

  it('reads back what scaledToDecimal writes', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.nat({ max: 8 }), (value, places) => {
        expect(decimalToScaled(scaledToDecimal(value, places), places)).toBe(value);
      }),
    );
  });
});

describe('decimalToCents', () => {
  it('reads the amounts the API accepts, with a dot or a comma', () => {
    expect(decimalToCents('1234.5')).toBe(123450n);
    expect(decimalToCents('1234,50')).toBe(123450n);
    expect(decimalToCents(' 150 ')).toBe(15000n);
    expect(decimalToCents('007.10')).toBe(710n);
    expect(decimalToCents('9999999999999.99')).toBe(999999999999999n);
  });

  it('refuses over-precise, signed, grouped and oversized amounts', () => {
    expect(decimalToCents('12.505')).toBeNull();
    expect(decimalToCents('12,505')).toBeNull();
    expect(decimalToCents('-1.00')).toBeNull();
    expect(decimalToCents('1.234,56')).toBeNull();
    expect(decimalToCents('10000000000000')).toBeNull();
    expect(decimalToCents('.5')).toBeNull();
    expect(decimalToCents('')).toBeNull();
  });

  it('round-trips every amount centsToDecimal writes', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(decimalToCents(centsToDecimal(c))).toBe(c);
      }),
    );
  });

  it('never truncates: three or more decimals are refused', () => {
    fc.assert(
      fc.property(cents, fc.stringMatching(/^\d{3,6}$/), (c, extra) => {
        const text = `${centsToDecimal(c).split('.')[0]}.${extra}`;
        expect(decimalToCents(text)).toBeNull();
        expect(decimalToScaled(text, 2)).toBeNull();
        expect(typedAmountToCents(text.replace('.', ','))).toBeNull();
      }),
    );
  });
});

describe('decimalToCentsOrZero', () => {
  it('reads signed API amounts, 0 when unreadable', () => {
    expect(decimalToCentsOrZero('-20.50')).toBe(-2050n);
    expect(decimalToCentsOrZero('1500.00')).toBe(150000n);
    expect(decimalToCentsOrZero(undefined)).toBe(0n);
    expect(decimalToCentsOrZero('abc')).toBe(0n);
  });
});

describe('typedAmountToCents', () => {
  it('reads comma or dot amounts from their digits', () => {
    expect(typedAmountToCents('150')).toBe(15000n);
    expect(typedAmountToCents('150,5')).toBe(15050n);
    expect(typedAmountToCents('150.05')).toBe(15005n);
    expect(typedAmountToCents('1.500,00')).toBe(150000n);
    expect(typedAmountToCents('R$ 25,00')).toBe(2500n);
    expect(typedAmountToCents('0,1')).toBe(10n);
    expect(typedAmountToCents('150,')).toBe(15000n);
  });

  it('refuses what is not an amount', () => {
    expect(typedAmountToCents('')).toBeNull();
    expect(typedAmountToCents('abc')).toBeNull();
    expect(typedAmountToCents('1,234')).toBeNull();
    expect(typedAmountToCents('1.2.3')).toBeNull();
    expect(typedAmountToCents('-5')).toBeNull();
  });

  it('reads pt-BR amounts with thousands grouped, and plain API decimals', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(typedAmountToCents(ptBr(c))).toBe(c);
        expect(typedAmountToCents(`R$ ${ptBr(c)}`)).toBe(c);
        expect(typedAmountToCents(centsToDecimal(c))).toBe(c);
      }),
    );
  });
});
