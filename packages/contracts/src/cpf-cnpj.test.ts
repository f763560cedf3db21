import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCnpj,
  isValidCnpj,
  isValidCpf,
  isValidCpfOrCnpj,
  normalizeCpfCnpj,
} from './cpf-cnpj.ts';

const cpfWithDigits = (base: number[]) => {
  const dv = (nums: number[], start: number) => {
    const rest = nums.reduce((acc, n, i) => acc + n * (start - i), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = dv(base, 10);
  return [...base, first, dv([...base, first], 11)].join('');
};

describe('CPF', () => {
  it('accepts real check digits and refuses altered ones', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('52998224726')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
  });

  it('accepts every CPF built with its check digits, and refuses it with either check digit changed', () => {
    // Base digits are not covered: mod 11 maps remainders 0 and 1 to the same digit, so a few
    // single-digit changes of the base keep a valid CPF (e.g. 103343762 → 203343762). That is
    // the algorithm's own limit, not this code's.
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
        fc.constantFrom(9, 10),
        fc.integer({ min: 1, max: 9 }),
        (base, pos, delta) => {
          const cpf = cpfWithDigits(base);
          fc.pre(!/^(.)\1*$/.test(cpf));
          expect(isValidCpf(cpf)).toBe(true);
          const changed =
            cpf.slice(0, pos) + String((Number(cpf[pos]) + delta) % 10) + cpf.slice(pos + 1);
          expect(isValidCpf(changed)).toBe(false);
        },
      ),
    );
  });
});

describe('CNPJ', () => {
  it('accepts numeric and alphanumeric CNPJs (Receita Federal example 12.ABC.345/01DE-35)', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj(normalizeCpfCnpj('12.abc.345/01de-35'))).toBe(true);
    expect(isValidCnpj('12ABC34501DE34')).toBe(false);
    expect(isValidCnpj('12ABC34501DEAB')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('routes by length', () => {
    expect(isValidCpfOrCnpj('52998224725')).toBe(true);
    expect(isValidCpfOrCnpj('11222333000181')).toBe(true);
    expect(isValidCpfOrCnpj('123')).toBe(false);
  });

  it('strips masks and spaces', () => {
    expect(normalizeCpfCnpj(' 529.982.247-25 ')).toBe('52998224725');
    expect(normalizeCpfCnpj('11.222.333/0001-81')).toBe('11222333000181');
  });
});

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
