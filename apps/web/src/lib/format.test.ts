import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatPercent,
  initials,
} from './format';

describe('formatMoney', () => {
  it('formats decimal strings in pt-BR', () => {
    expect(formatMoney('1234.56')).toBe('R$ 1.234,56');
    expect(formatMoney('0.5')).toBe('R$ 0,50');
    expect(formatMoney('1500.00')).toBe('R$ 1.500,00');
    expect(formatMoney('1234567890.1')).toBe('R$ 1.234.567.890,10');
    expect(formatMoney('999')).toBe('R$ 999,00');
  });

  it('shows R$ 0,00 when the value is missing or unreadable', () => {
    expect(formatMoney(null)).toBe('R$ 0,00');
    expect(formatMoney(undefined)).toBe('R$ 0,00');
    expect(formatMoney('')).toBe('R$ 0,00');
    expect(formatMoney('abc')).toBe('R$ 0,00');
  });

  it('never shows floating-point error', () => {
    expect(formatMoney('0.1')).toBe('R$ 0,10');
    expect(formatMoney(0.1 + 0.2)).toBe('R$ 0,30');
    expect(formatMoney('90071992547409931.99')).toBe('R$ 90.071.992.547.409.931,99');
  });

  it('rounds extra places half-up and keeps the sign', () => {
    expect(formatMoney('2.005')).toBe('R$ 2,01');
    expect(formatMoney('2.004')).toBe('R$ 2,00');
    expect(formatMoney('9.999')).toBe('R$ 10,00');
    expect(formatMoney('-1234.5')).toBe('-R$ 1.234,50');
    expect(formatMoney('-0.001')).toBe('R$ 0,00');
  });

  it('formats integer centavos', () => {
    expect(formatCents(123456)).toBe('R$ 1.234,56');
    expect(formatCents(5n)).toBe('R$ 0,05');
    expect(formatCents(-2500)).toBe('-R$ 25,00');
  });
});

describe('formatDecimal and formatPercent', () => {
  it('uses comma decimals and dot thousands', () => {
    expect(formatDecimal('1234.5')).toBe('1.234,50');
    expect(formatDecimal('7', 0)).toBe('7');
    expect(formatPercent('12.5')).toBe('12,50%');
    expect(formatPercent(null)).toBe('0,00%');
  });
});

describe('formatDate', () => {
  it('turns YYYY-MM-DD into DD/MM/YYYY without time-zone shifts', () => {
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate('')).toBe('');
    expect(formatDate('22/11/2026')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows instants in São Paulo time, 24-hour clock', () => {
    expect(formatDateTime('2026-11-22T17:05:00Z')).toBe('22/11/2026 14:05');
    expect(formatDateTime('2026-11-22T14:05:00-03:00')).toBe('22/11/2026 14:05');
    expect(formatDateTime('2026-01-01T02:30:00Z')).toBe('31/12/2025 23:30');
    expect(formatDateTime('2026-06-15T12:00:00.000+00:00')).toBe('15/06/2026 09:00');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('initials', () => {
  it("takes the first and last words' first letters, upper case", () => {
    expect(initials('Ana Lima')).toBe('AL');
    expect(initials('  bruno de souza emissor ')).toBe('BE');
    expect(initials('Carla')).toBe('C');
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
  });
});
