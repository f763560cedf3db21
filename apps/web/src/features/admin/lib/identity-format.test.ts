import { describe, expect, it } from 'vitest';
import { formatCpfCnpj, formatPhone, yesNo } from './identity-format';

describe('formatCpfCnpj', () => {
  it('masks a CPF and a numeric CNPJ', () => {
    expect(formatCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('keeps the letters of an alphanumeric CNPJ, upper-cased', () => {
    expect(formatCpfCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('reformats an already masked value and leaves odd lengths alone', () => {
    expect(formatCpfCnpj('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpfCnpj('123')).toBe('123');
    expect(formatCpfCnpj(null)).toBe('-');
    expect(formatCpfCnpj('')).toBe('-');
  });
});

describe('formatPhone', () => {
  it('formats mobile and landline numbers with the country code', () => {
    expect(formatPhone('5597996789012')).toBe('+55 (97) 9 9678-9012');
    expect(formatPhone('559232345678')).toBe('+55 (92) 3234-5678');
    expect(formatPhone('+55 (97) 9 9678-9012')).toBe('+55 (97) 9 9678-9012');
    expect(formatPhone('12')).toBe('12');
  });
});

describe('yesNo', () => {
  it('says Sim or Não', () => {
    expect(yesNo(true)).toBe('Sim');
    expect(yesNo(false)).toBe('Não');
  });
});
