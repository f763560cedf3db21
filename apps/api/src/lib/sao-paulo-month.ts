import { saoPauloDayStart, todayInSaoPaulo } from '@copaiba/contracts';

/** The instant the current calendar month began in São Paulo. */
export function saoPauloMonthStart(now: Date): Date {
  return saoPauloDayStart(`${todayInSaoPaulo(now).slice(0, 7)}-01`);
}
