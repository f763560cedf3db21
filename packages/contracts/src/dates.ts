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

/**
 * São Paulo has kept UTC−3 all year since its last summer time ended, at 2019-02-17 02:00 UTC (IANA
 * tzdata 2019b). From then on its wall clock is arithmetic: a page that shows an instant then never
 * builds an Intl formatter, whose first one starts ICU (~35 ms of a phone's main thread;
 * docs/PERFORMANCE.md). Earlier instants go through Intl. dates.test.ts compares the two for every
 * hour from then until years ahead, so a tz database that gains a new rule fails it
 * (docs/DECISIONS.md).
 */
const SAO_PAULO_UTC_MINUS_3_SINCE = Date.UTC(2019, 1, 17, 2);
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;

// Built on first use, for instants before 2019 only.
let saoPauloParts: Intl.DateTimeFormat | undefined;

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An instant's date and time on São Paulo's clock, each part zero-padded. */
function saoPauloWallClock(at: Date): WallClock {
  const time = at.getTime();
  if (time >= SAO_PAULO_UTC_MINUS_3_SINCE) {
    const local = new Date(time + SAO_PAULO_OFFSET_MS);
    return {
      year: String(local.getUTCFullYear()).padStart(4, '0'),
      month: pad2(local.getUTCMonth() + 1),
      day: pad2(local.getUTCDate()),
      hour: pad2(local.getUTCHours()),
      minute: pad2(local.getUTCMinutes()),
    };
  }
  saoPauloParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(
    saoPauloParts.formatToParts(at).map((part) => [part.type, part.value]),
  ) as Record<keyof WallClock, string>;
  return {
    year: parts.year.padStart(4, '0'),
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
  };
}

/** Today's date in America/Sao_Paulo as YYYY-MM-DD. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const { year, month, day } = saoPauloWallClock(now);
  return `${year}-${month}-${day}`;
}

/** The instant a São Paulo calendar day (YYYY-MM-DD) begins, by the same UTC−3 (days since 2019). */
export function saoPauloDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - SAO_PAULO_OFFSET_MS);
}

/** An instant as a person in São Paulo reads it: '22/11/2026 14:05'. */
export function saoPauloDateTime(at: Date): string {
  const { year, month, day, hour, minute } = saoPauloWallClock(at);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** DD/MM/YYYY (as typed in forms) to YYYY-MM-DD, or null when it is not a real date. */
export function brDateToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isRealIsoDate(iso) ? iso : null;
}
