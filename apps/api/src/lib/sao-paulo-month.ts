import { todayInSaoPaulo } from '@copaiba/contracts';

/** The instant the current calendar month began in São Paulo (UTC−3 all year since 2019). */
export function saoPauloMonthStart(now: Date): Date {
  const [year, month] = todayInSaoPaulo(now).split('-');
  return new Date(`${year}-${month}-01T00:00:00-03:00`);
}
