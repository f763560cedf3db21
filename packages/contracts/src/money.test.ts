import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  centsToDecimal,
  centsToPtBr,
  decimalToCents,
  decimalToCentsOrZero,
  decimalToScaled,
  divideHalfEven,
  formatBrl,
  groupThousands,
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

/** Each parser: what it reads (and to how many centavos) and what it refuses, never truncating. */
const parsers: Array<
  [
    string,
    (text: string | null) => bigint | null,
    Array<[string | null, bigint]>,
    Array<string | null>,
  ]
> = [
  [
    'decimalToScaled at 2 places (any size)',
    (text) => decimalToScaled(text, 2),
    [
      ['1500.00', 150000n],
      ['9.38', 938n],
      ['0.5', 50n],
      ['100', 10000n],
      ['90071992547409931.99', 9007199254740993199n],
    ],
    ['', null, '-1.00', '1e3', 'abc', '12.505', '0.001'],
  ],
  [
    'decimalToCents (what the API accepts)',
    (text) => decimalToCents(text ?? ''),
    [
      ['1234.5', 123450n],
      ['1234,50', 123450n],
      [' 150 ', 15000n],
      ['007.10', 710n],
      ['9999999999999.99', 999999999999999n],
    ],
    ['12.505', '12,505', '-1.00', '1.234,56', '10000000000000', '.5', ''],
  ],
  [
    'typedAmountToCents (as a person types it)',
    (text) => typedAmountToCents(text ?? ''),
    [
      ['150', 15000n],
      ['150,5', 15050n],
      ['150.05', 15005n],
      ['1.500,00', 150000n],
      ['R$ 25,00', 2500n],
      ['0,1', 10n],
      ['150,', 15000n],
    ],
    ['', 'abc', '1,234', '1.2.3', '-5', '1,505'],
  ],
];

describe.each(parsers)('%s', (_name, parse, read, refused) => {
  it.each(read)('reads %j as %s centavos', (text, expected) => {
    expect(parse(text)).toBe(expected);
  });

  it.each(refused)('refuses %j', (text) => {
    expect(parse(text)).toBeNull();
  });
});

describe('decimalToScaled', () => {
  it('scales to other precisions, refusing more decimals than asked for', () => {
    expect(decimalToScaled('12.5', 2)).toBe(1250n);
    expect(decimalToScaled('12.505', 3)).toBe(12505n);
    expect(decimalToScaled('7', 4)).toBe(70000n);
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

describe('groupThousands', () => {
  it('writes an integer as Intl does in pt-BR, without loading Intl', () => {
    expect(groupThousands('0')).toBe('0');
    expect(groupThousands('1234')).toBe('1.234');
    expect(groupThousands('1234567')).toBe('1.234.567');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(groupThousands(String(n))).toBe(n.toLocaleString('pt-BR'));
      }),
    );
  });
});

describe('centsToPtBr and formatBrl', () => {
  it('write centavos as a person reads them, thousands grouped, the sign first', () => {
    expect(centsToPtBr(123456n)).toBe('1.234,56');
    expect(centsToPtBr(-5n)).toBe('-0,05');
    expect(centsToPtBr(0n)).toBe('0,00');
    expect(centsToPtBr(-100_000_000n)).toBe('-1.000.000,00');
    expect(formatBrl(123456n)).toBe('R$ 1.234,56');
    expect(formatBrl(-5n)).toBe('-R$ 0,05');
    fc.assert(
      fc.property(cents, (c) => {
        expect(centsToPtBr(c)).toBe(ptBr(c));
        expect(centsToPtBr(-c)).toBe(c === 0n ? '0,00' : `-${ptBr(c)}`);
        expect(typedAmountToCents(centsToPtBr(c))).toBe(c);
      }),
    );
  });
});

describe('formatBrl', () => {
  it('writes centavos as a person reads reais', () => {
    expect(formatBrl(0n)).toBe('R$ 0,00');
    expect(formatBrl(5n)).toBe('R$ 0,05');
    expect(formatBrl(123456n)).toBe('R$ 1.234,56');
    expect(formatBrl(1_500_000_000_00n)).toBe('R$ 1.500.000.000,00');
    expect(formatBrl(-5n)).toBe('-R$ 0,05');
  });

  it('reads back to the same centavos', () => {
    fc.assert(fc.property(cents, (c) => typedAmountToCents(formatBrl(c)) === c));
  });
});
