/** Calendar dates travel as YYYY-MM-DD; these helpers never go through local time zones. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isRealIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whole years between an ISO birth date and an ISO "today". */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

// Building a formatter costs far more than using one: hot paths ask for today on every request.
const saoPauloDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

let lastMinute = { minute: Number.NaN, date: '' };

/**
 * Today's date in America/Sao_Paulo as YYYY-MM-DD. Formatted once per minute of the clock: São
 * Paulo's offsets are whole hours, so a date never changes inside a UTC minute.
 */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute.minute) lastMinute = { minute, date: saoPauloDate.format(now) };
  return lastMinute.date;
}

/** DD/MM/YYYY (as typed in forms) to YYYY-MM-DD, or null when it is not a real date. */
export function brDateToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isRealIsoDate(iso) ? iso : null;
}
