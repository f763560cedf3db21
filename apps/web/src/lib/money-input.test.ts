import { describe, expect, it } from 'vitest';
import { toFixedDecimal, toMoneyString } from './money-input';

describe('toMoneyString', () => {
  it('pads the numeric string of the input to centavos', () => {
    expect(toMoneyString('1500')).toBe('1500.00');
    expect(toMoneyString('1500.5')).toBe('1500.50');
    expect(toMoneyString('0.01')).toBe('0.01');
    expect(toMoneyString('1500,75')).toBe('1500.75');
    expect(toMoneyString('.5')).toBe('0.50');
    expect(toMoneyString('007.10')).toBe('7.10');
  });

  it('keeps big amounts exact (no float on the string path)', () => {
    expect(toMoneyString('12345678901234.99')).toBe('12345678901234.99');
  });

  it('rounds a number to centavos as an integer, without drift', () => {
    expect(toMoneyString(0.1 + 0.2)).toBe('0.30');
    expect(toMoneyString(1.005 * 1000)).toBe('1005.00');
    expect(toMoneyString(19.99)).toBe('19.99');
    expect(toMoneyString(1500)).toBe('1500.00');
  });

  it('is empty for an empty input and leaves garbage for the schema to refuse', () => {
    expect(toMoneyString('')).toBe('');
    expect(toMoneyString(null)).toBe('');
    expect(toMoneyString('abc')).toBe('abc');
  });
});

describe('toFixedDecimal', () => {
  it('formats percentages with two places and integers with none', () => {
    expect(toFixedDecimal('12.5', 2)).toBe('12.50');
    expect(toFixedDecimal(12.345, 2)).toBe('12.35');
    expect(toFixedDecimal('1000', 0)).toBe('1000');
  });
});
