/** Calendar dates travel as YYYY-MM-DD; these helpers never go through local time zones. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isRealIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The calendar date `days` after an ISO date (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD as a person reads it: DD/MM/YYYY. */
export function isoToBrDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** Whole years between an ISO birth date and an ISO "today". */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

// Building a formatter costs far more than using one: hot paths ask for today on every request.
// Built on first use, not at import: most screens importing the contracts never ask for today.
let saoPauloDate: Intl.DateTimeFormat | undefined;

let lastMinute = { minute: Number.NaN, date: '' };

/**
 * Today's date in America/Sao_Paulo as YYYY-MM-DD. Formatted once per minute of the clock: São
 * Paulo's offsets are whole hours, so a date never changes inside a UTC minute.
 */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute.minute) {
    saoPauloDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
    lastMinute = { minute, date: saoPauloDate.format(now) };
  }
  return lastMinute.date;
}

// Built on first use: a formatter with a time zone is costly to create on a phone.
let saoPauloDateTimeFormat: Intl.DateTimeFormat | undefined;
const dateTimeFormatOptions: Intl.DateTimeFormatOptions = {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** An instant as a person in São Paulo reads it: '22/11/2026 14:05'. */
export function saoPauloDateTime(at: Date): string {
  saoPauloDateTimeFormat ??= new Intl.DateTimeFormat('pt-BR', dateTimeFormatOptions);
  const parts = Object.fromEntries(
    saoPauloDateTimeFormat.formatToParts(at).map((part) => [part.type, part.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** DD/MM/YYYY (as typed in forms) to YYYY-MM-DD, or null when it is not a real date. */
export function brDateToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isRealIsoDate(iso) ? iso : null;
}
