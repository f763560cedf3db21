/**
 * The demo's calendar: the history is dated back from the day the seed runs, in São Paulo time
 * (UTC−3 all year since 2019), so a demo started any day shows its last months.
 */

/** Day `day` (1–28, every month has it) of the month `monthsBack` months before `today`'s. */
export function monthDay(today: string, monthsBack: number, day: number): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - monthsBack;
  const y = Math.floor(index / 12);
  return `${y}-${String((index % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instant of a São Paulo date and time ('HH:MM'). */
export function saoPauloInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00-03:00`);
}

/** The calendar date `days` after an ISO date (negative: before). */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
