import { describe, expect, it } from 'vitest';
import {
  ageOn,
  brDateToIso,
  isRealIsoDate,
  saoPauloDateTime,
  saoPauloDayStart,
  todayInSaoPaulo,
} from './dates.ts';

/** The tz database's answer, through Intl, as the arithmetic's oracle. */
const intl = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const intlDateTime = (at: Date) => intl.format(at).replace(',', '');
const intlToday = (at: Date) => intlDateTime(at).slice(0, 10).split('/').reverse().join('-');
const HOUR = 3_600_000;

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

  it('reads the clock in São Paulo as the tz database does, every hour from 2018 until ten years ahead', () => {
    // The last summer time (until 2019-02-17) goes through Intl, the rest through arithmetic: a new
    // rule for São Paulo in the tz database that Node ships fails this (docs/DECISIONS.md).
    const end = Date.now() + 10 * 365 * 24 * HOUR;
    let checked = 0;
    for (let t = Date.UTC(2018, 0, 1, 0, 30); t < end; t += HOUR) {
      const at = new Date(t);
      const expected = intlDateTime(at);
      if (saoPauloDateTime(at) !== expected || todayInSaoPaulo(at) !== intlToday(at)) {
        expect([saoPauloDateTime(at), todayInSaoPaulo(at)], at.toISOString()).toEqual([
          expected,
          intlToday(at),
        ]);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(150_000);
  });

  it('crosses the end of the last summer time minute by minute', () => {
    for (let t = Date.UTC(2019, 1, 17, 0); t < Date.UTC(2019, 1, 17, 4); t += 60_000) {
      expect(saoPauloDateTime(new Date(t)), new Date(t).toISOString()).toBe(
        intlDateTime(new Date(t)),
      );
    }
    // 01:59 of summer time, then the clock's hour from 23:00 again, then the first day of UTC−3.
    expect(saoPauloDateTime(new Date('2019-02-17T01:59:00Z'))).toBe('16/02/2019 23:59');
    expect(saoPauloDateTime(new Date('2019-02-17T02:00:00Z'))).toBe('16/02/2019 23:00');
    expect(saoPauloDateTime(new Date('2026-11-22T17:05:00Z'))).toBe('22/11/2026 14:05');
    expect(saoPauloDateTime(new Date('2018-12-01T12:00:00Z'))).toBe('01/12/2018 10:00');
  });

  it('starts a São Paulo day at the instant its clock reads 00:00', () => {
    const start = saoPauloDayStart('2026-11-22');
    expect(start.toISOString()).toBe('2026-11-22T03:00:00.000Z');
    expect(saoPauloDateTime(start)).toBe('22/11/2026 00:00');
    expect(todayInSaoPaulo(new Date(start.getTime() - 1))).toBe('2026-11-21');
  });
});
