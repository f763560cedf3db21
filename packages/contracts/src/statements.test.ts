import { describe, expect, it } from 'vitest';
import {
  parseReportYear,
  resolveExportRange,
  shiftMonths,
  statementMessages,
} from './statements.ts';

describe('the export period (docs/product.md §17)', () => {
  const today = '2026-11-25';

  it('defaults to the 12 months up to today, both days included', () => {
    expect(resolveExportRange({}, today)).toEqual({ from: '2025-11-26', to: '2026-11-25' });
    expect(resolveExportRange({ from: '', to: '' }, today)).toEqual({
      from: '2025-11-26',
      to: '2026-11-25',
    });
    expect(resolveExportRange({ to: '2024-02-29' }, today)).toEqual({
      from: '2023-03-01',
      to: '2024-02-29',
    });
    expect(resolveExportRange({ from: '2026-01-01' }, today)).toEqual({
      from: '2026-01-01',
      to: today,
    });
  });

  it('takes up to 5 years and refuses one day more', () => {
    expect(resolveExportRange({ from: '2021-01-01', to: '2025-12-31' }, today)).toEqual({
      from: '2021-01-01',
      to: '2025-12-31',
    });
    expect(resolveExportRange({ from: '2021-01-01', to: '2026-01-01' }, today)).toEqual({
      error: statementMessages.rangeTooLong,
    });
    expect(resolveExportRange({ from: '2024-02-29', to: '2029-02-27' }, today)).toHaveProperty(
      'to',
    );
    expect(resolveExportRange({ from: '2024-02-29', to: '2029-02-28' }, today)).toEqual({
      error: statementMessages.rangeTooLong,
    });
  });

  it.each([
    [{ from: '2026-02-30' }, statementMessages.fromInvalid],
    [{ from: '26/11/2025' }, statementMessages.fromInvalid],
    [{ from: ['2026-01-01', '2026-01-02'] }, statementMessages.fromInvalid],
    [{ to: '2026-13-01' }, statementMessages.toInvalid],
    [{ to: '2026-1-1' }, statementMessages.toInvalid],
    [{ from: '2026-05-02', to: '2026-05-01' }, statementMessages.fromAfterTo],
    [{ from: '2027-01-01' }, statementMessages.fromAfterTo],
  ])('refuses %j with a pt-BR detail', (query, message) => {
    expect(resolveExportRange(query, today)).toEqual({ error: message });
  });

  it('steps months back and forth, clamping to the end of a short month', () => {
    expect(shiftMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(shiftMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(shiftMonths('2026-01-15', -13)).toBe('2024-12-15');
    expect(shiftMonths('2026-12-31', 2)).toBe('2027-02-28');
  });
});

describe('the report year', () => {
  it('is four digits, not after the current year', () => {
    expect(parseReportYear('2026', 2026)).toBe(2026);
    expect(parseReportYear('2019', 2026)).toBe(2019);
    expect(parseReportYear('2027', 2026)).toEqual({ error: statementMessages.yearInFuture });
    for (const text of ['abc', '26', '20266', '2026.5', '-2026', ' 2026', '２０２６'])
      expect(parseReportYear(text, 2026)).toEqual({ error: statementMessages.yearInvalid });
  });
});
