import { describe, expect, it } from 'vitest';
import {
  clampQuantity,
  installmentForQuantity,
  isOfferClosed,
  simulatePurchase,
} from './simulation';

describe('simulatePurchase', () => {
  it('multiplies quantity by unit price and applies the total interest', () => {
    expect(simulatePurchase({ quantity: 3, unitPrice: '500.00', interestRate: '15.50' })).toEqual({
      priceCents: 150000n,
      gainCents: 23250n,
      totalCents: 173250n,
    });
    expect(simulatePurchase({ quantity: 1, unitPrice: '100.00', interestRate: '14.50' })).toEqual({
      priceCents: 10000n,
      gainCents: 1450n,
      totalCents: 11450n,
    });
  });

  it('rounds the gain half-even to the centavo', () => {
    // 4 centavos × 12,5% = 0,5 centavo → 0; 12 × 12,5% = 1,5 → 2; 20 × 12,5% = 2,5 → 2.
    expect(
      simulatePurchase({ quantity: 4, unitPrice: '0.01', interestRate: '12.50' }).gainCents,
    ).toBe(0n);
    expect(
      simulatePurchase({ quantity: 12, unitPrice: '0.01', interestRate: '12.50' }).gainCents,
    ).toBe(2n);
    expect(
      simulatePurchase({ quantity: 20, unitPrice: '0.01', interestRate: '12.50' }).gainCents,
    ).toBe(2n);
    // 7 × 0,01 × 12,5% = 0,875 centavo → 1.
    expect(
      simulatePurchase({ quantity: 7, unitPrice: '0.01', interestRate: '12.50' }).gainCents,
    ).toBe(1n);
  });

  it('keeps rates with more than two decimals exact', () => {
    // R$ 1.000,00 × 12,345% = R$ 123,45
    expect(
      simulatePurchase({ quantity: 1, unitPrice: '1000.00', interestRate: '12.345' }).gainCents,
    ).toBe(12345n);
  });

  it('stays exact on amounts beyond floating point', () => {
    const result = simulatePurchase({
      quantity: 9_000_000,
      unitPrice: '99999999999.99',
      interestRate: '10.00',
    });
    expect(result.priceCents).toBe(89999999999991000000n);
    expect(result.gainCents).toBe(8999999999999100000n);
    expect(result.totalCents).toBe(98999999999990100000n);
  });

  it('is zero for no quantity or unreadable values', () => {
    expect(simulatePurchase({ quantity: 0, unitPrice: '10.00', interestRate: '5.00' })).toEqual({
      priceCents: 0n,
      gainCents: 0n,
      totalCents: 0n,
    });
    expect(simulatePurchase({ quantity: 2, unitPrice: 'x', interestRate: '5.00' }).totalCents).toBe(
      0n,
    );
    expect(simulatePurchase({ quantity: 2, unitPrice: '10.00', interestRate: '' })).toEqual({
      priceCents: 2000n,
      gainCents: 0n,
      totalCents: 2000n,
    });
  });
});

describe('installmentForQuantity', () => {
  it('multiplies the per-unit installment by the quantity', () => {
    expect(installmentForQuantity('9.54', 10)).toBe(9540n);
    expect(installmentForQuantity('9.54', 0)).toBe(0n);
  });
});

describe('clampQuantity', () => {
  it('keeps the quantity between 1 and the units left', () => {
    expect(clampQuantity(0, 10)).toBe(1);
    expect(clampQuantity(-3, 10)).toBe(1);
    expect(clampQuantity(5, 10)).toBe(5);
    expect(clampQuantity(50, 10)).toBe(10);
    expect(clampQuantity(2.7, 10)).toBe(2);
    expect(clampQuantity(Number.NaN, 10)).toBe(1);
    expect(clampQuantity(3, 0)).toBe(1);
  });
});

describe('isOfferClosed', () => {
  it('closes when nothing is left or the offer is not funding', () => {
    expect(isOfferClosed(0, true)).toBe(true);
    expect(isOfferClosed(5, false)).toBe(true);
    expect(isOfferClosed(5, true)).toBe(false);
  });
});
