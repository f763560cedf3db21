import { describe, expect, it } from 'vitest';
import { fundingProgress, fundingProgressBasisPoints, tokenStatus } from './token-figures';

const flags = (is_funding: boolean, is_all_sold: boolean, is_distributing: boolean) => ({
  is_funding,
  is_all_sold,
  is_distributing,
});

describe('tokenStatus', () => {
  it('maps each flag to its badge', () => {
    expect(tokenStatus(flags(true, false, false))).toMatchObject({
      label: 'Em captação',
      color: 'copaiba',
    });
    expect(tokenStatus(flags(false, true, false))).toMatchObject({
      label: '100% Vendido',
      color: 'red',
    });
    expect(tokenStatus(flags(false, false, true))).toMatchObject({
      label: 'Concluído',
      color: 'gray',
    });
  });

  it('gives Concluído precedence, then 100% Vendido, then Em captação', () => {
    expect(tokenStatus(flags(true, true, true))?.label).toBe('Concluído');
    expect(tokenStatus(flags(true, false, true))?.label).toBe('Concluído');
    expect(tokenStatus(flags(false, true, true))?.label).toBe('Concluído');
    expect(tokenStatus(flags(true, true, false))?.label).toBe('100% Vendido');
  });

  it('shows no badge when no flag is set', () => {
    expect(tokenStatus(flags(false, false, false))).toBeNull();
  });
});

describe('fundingProgress', () => {
  it('divides the amount raised by unit price × quantity', () => {
    const token = { amount_capitated: '225000.00', unit_price: '500.00', quantity: 500 };
    expect(fundingProgressBasisPoints(token)).toBe(9000n);
    expect(fundingProgress(token)).toEqual({ value: 90, label: '90,00%' });
  });

  it('is 0 when the total is 0', () => {
    expect(fundingProgress({ amount_capitated: '10.00', unit_price: '0.00', quantity: 5 })).toEqual(
      { value: 0, label: '0,00%' },
    );
    expect(
      fundingProgress({ amount_capitated: '10.00', unit_price: '100.00', quantity: 0 }),
    ).toEqual({ value: 0, label: '0,00%' });
  });

  it('floors to the hundredth of a percent, never showing more than was raised', () => {
    // 1 / 3 = 33.333…%
    expect(fundingProgress({ amount_capitated: '1.00', unit_price: '1.00', quantity: 3 })).toEqual({
      value: 33.33,
      label: '33,33%',
    });
    // 99.999% is not 100%.
    expect(
      fundingProgress({ amount_capitated: '99999.00', unit_price: '1.00', quantity: 100000 }).label,
    ).toBe('99,99%');
  });

  it('stays exact where floating point would not', () => {
    // 0.1 + 0.2 style amounts: 30 centavos of 1 real → 30%.
    expect(
      fundingProgress({ amount_capitated: '0.30', unit_price: '0.10', quantity: 10 }).label,
    ).toBe('30,00%');
  });

  it('clamps the bar at 100 when more than the total was raised', () => {
    expect(
      fundingProgress({ amount_capitated: '300.00', unit_price: '100.00', quantity: 2 }),
    ).toEqual({ value: 100, label: '150,00%' });
  });
});
