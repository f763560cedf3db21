import { describe, expect, it } from 'vitest';
import { ageOn, brDateToIso, isRealIsoDate, todayInSaoPaulo } from './dates.ts';

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isRealIsoDate('2024-02-29')).toBe(true);
    expect(isRealIsoDate('2023-02-29')).toBe(false);
    expect(isRealIsoDate('2023-13-01')).toBe(false);
    expect(isRealIsoDate('23-01-01')).toBe(false);
  });

  it('turns DD/MM/YYYY into ISO, or null', () => {
    expect(brDateToIso('15/03/1990')).toBe('1990-03-15');
    expect(brDateToIso('31/02/1990')).toBeNull();
    expect(brDateToIso('1990-03-15')).toBeNull();
  });

  it('counts whole years, birthday included', () => {
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
    expect(ageOn('2008-11-23', '2026-11-22')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
  });

  it('uses São Paulo time for today', () => {
    expect(todayInSaoPaulo(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-21');
    expect(todayInSaoPaulo(new Date('2026-11-22T03:30:00Z'))).toBe('2026-11-22');
  });

  it('turns the date at midnight in São Paulo to the millisecond, however often it is asked', () => {
    const at = (iso: string) => todayInSaoPaulo(new Date(iso));
    for (const [iso, date] of [
      ['2026-11-22T02:59:00.000Z', '2026-11-21'],
      ['2026-11-22T02:59:59.999Z', '2026-11-21'],
      ['2026-11-22T03:00:00.000Z', '2026-11-22'],
      ['2026-11-22T03:00:59.999Z', '2026-11-22'],
      ['2026-11-22T02:59:59.999Z', '2026-11-21'],
      ['2026-12-31T02:59:30.000Z', '2026-12-30'],
    ] as const) {
      expect(at(iso), iso).toBe(date);
    }
  });
});
