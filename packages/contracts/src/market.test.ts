import { describe, expect, it } from 'vitest';
import { listingCreateBody, marketFeeCents, marketUnitPrice } from './market.ts';

describe('marketFeeCents', () => {
  it.each([
    // 2,5% of R$ 99,99 = 249,975 centavos → 250.
    [99_99n, 250, 2_50n],
    // 1% of R$ 0,50 = 0,5 centavo: a tie, to the even neighbour 0.
    [50n, 100, 0n],
    // 1% of R$ 1,50 = 1,5 centavo: a tie, to the even neighbour 2.
    [1_50n, 100, 2n],
    [480_00n, 100, 4_80n],
    [1_000_000_00n, 1000, 100_000_00n],
    [12_345n, 0, 0n],
  ])('charges %s centavos at %s hundredths of a percent as %s', (amount, bp, fee) => {
    expect(marketFeeCents(amount, bp)).toBe(fee);
  });
});

describe('the unit price of a listing', () => {
  it.each([
    ['0,01', 1n],
    ['1.250,50', 125_050n],
    ['1250.5', 125_050n],
    ['1.000.000,00', 100_000_000n],
    [12, 1_200n],
  ])('reads %j as %s centavos', (text, cents) => {
    expect(marketUnitPrice.parse(text)).toBe(cents);
  });

  it.each([
    ['0', 'O preço por unidade deve ser de pelo menos R$ 0,01.'],
    ['1000000,01', 'O preço por unidade deve ser de no máximo R$ 1.000.000,00.'],
    ['1,234', 'Informe um preço por unidade válido, como 1.250,00.'],
    ['-5', 'Informe um preço por unidade válido, como 1.250,00.'],
    ['', 'Este campo é obrigatório.'],
  ])('refuses %j: %s', (text, message) => {
    const parsed = marketUnitPrice.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('is part of the listing body the route and the form share', () => {
    expect(listingCreateBody.parse({ token_id: '7', quantity: '3', unit_price: '10,00' })).toEqual({
      token_id: 7,
      quantity: 3,
      unit_price: 1_000n,
    });
  });
});
