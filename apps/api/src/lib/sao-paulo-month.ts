import { todayInSaoPaulo } from '@copaiba/contracts';

/** The instant a São Paulo calendar day (YYYY-MM-DD) begins: UTC−3 all year since 2019. */
export function saoPauloDayStart(date: string): Date {
  return new Date(`${date}T00:00:00-03:00`);
}

/** The instant the current calendar month began in São Paulo. */
export function saoPauloMonthStart(now: Date): Date {
  return saoPauloDayStart(`${todayInSaoPaulo(now).slice(0, 7)}-01`);
}
