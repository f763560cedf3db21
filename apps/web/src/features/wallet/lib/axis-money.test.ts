import { describe, expect, it } from 'vitest';
import { axisMoney } from './axis-money';

describe('axisMoney', () => {
  it('reads in reais below a thousand, in thousands with at most one decimal above', () => {
    expect(axisMoney(0)).toBe('R$ 0');
    expect(axisMoney(800)).toBe('R$ 800');
    expect(axisMoney(999.6)).toBe('R$ 1.000');
    expect(axisMoney(1000)).toBe('R$ 1 mil');
    expect(axisMoney(1500)).toBe('R$ 1,5 mil');
    expect(axisMoney(1250)).toBe('R$ 1,3 mil');
    expect(axisMoney(12_000)).toBe('R$ 12 mil');
    expect(axisMoney(2_500_000)).toBe('R$ 2.500 mil');
  });
});
