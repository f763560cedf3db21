import { describe, expect, it } from 'vitest';
import { depositAmountError, withdrawAmountError, withdrawalUsage } from './amount';

describe('deposit rules', () => {
  it('follows docs/product.md §5', () => {
    expect(depositAmountError('abc', '1000.00')).toBe('Valor de depósito não permitido');
    expect(depositAmountError('0', '1000.00')).toBe('Valor de depósito não permitido');
    expect(depositAmountError('1000,01', '1000.00')).toBe('Valor de depósito não permitido');
    expect(depositAmountError('24,99', '1000.00')).toBe('Valor mínimo de depósito é de R$ 25,00');
    expect(depositAmountError('25', '1000.00')).toBeNull();
    expect(depositAmountError('1000', '1000.00')).toBeNull();
  });
});

describe('withdraw rules', () => {
  const limits = {
    balance: '100.00',
    withdrawal_to_use: '60.00',
    maximum_withdrawal_limit: '80.00',
  };
  it('checks balance, minimum and monthly limit in order', () => {
    expect(withdrawAmountError('100,01', limits)).toBe(
      'Valor de saque ultrapassa o disponível da carteira',
    );
    expect(withdrawAmountError('24,99', limits)).toBe('Valor mínimo para saque é de R$ 25,00');
    expect(withdrawAmountError('60,01', limits)).toBe(
      'Valor de saque ultrapassa o máximo permitido para o mês',
    );
    expect(withdrawAmountError('60', limits)).toBeNull();
  });
  it('computes the monthly bar', () => {
    expect(withdrawalUsage('80.00', '60.00')).toEqual({
      usedCents: 2000n,
      maxCents: 8000n,
      percent: 25,
    });
    expect(withdrawalUsage('0.00', '0.00').percent).toBe(0);
  });
});
