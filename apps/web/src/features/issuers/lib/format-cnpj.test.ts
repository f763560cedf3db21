import { describe, expect, it } from 'vitest';
import { formatCnpj } from './format-cnpj';

describe('formatCnpj', () => {
  it('masks 14 characters as 99.999.999/9999-99', () => {
    expect(formatCnpj('67890123000116')).toBe('67.890.123/0001-16');
    expect(formatCnpj('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('leaves other values alone', () => {
    expect(formatCnpj('123')).toBe('123');
  });
});
