import { describe, expect, it } from 'vitest';
import { donutPercentages } from './donut';

describe('donutPercentages', () => {
  it('rounds each share to a whole number', () => {
    expect(donutPercentages('100.00', '200.00')).toMatchObject({ available: 33, assets: 67 });
    expect(donutPercentages('1.00', '0.00')).toMatchObject({ available: 100, assets: 0 });
    expect(donutPercentages('0.00', '0.00')).toMatchObject({ available: 0, assets: 0 });
    expect(donutPercentages('12.50', '37.50')).toMatchObject({ available: 25, assets: 75 });
  });
});
