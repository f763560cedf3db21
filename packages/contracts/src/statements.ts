import { z } from 'zod';
import { isRealIsoDate } from './dates.ts';

/** docs/product.md §17: the statement export, the income report, upcoming receipts, the history. */
export const statementMessages = {
  fromInvalid: 'Data inicial inválida: use o formato AAAA-MM-DD.',
  toInvalid: 'Data final inválida: use o formato AAAA-MM-DD.',
  fromAfterTo: 'A data inicial deve ser igual ou anterior à data final.',
  rangeTooLong: 'O período do extrato pode ter no máximo 5 anos.',
  yearInvalid: 'Ano inválido: informe o ano com quatro dígitos, como 2026.',
  yearInFuture: 'Não há informe de rendimentos de um ano que ainda não começou.',
  noReport: (year: number) =>
    `Não há informe de rendimentos de ${year}: você não teve tokens nem recebimentos na Copaíba nesse ano.`,
} as const;

/** The longest period one export may cover. */
export const STATEMENT_EXPORT_MAX_YEARS = 5;

/**
 * The export's query as it arrives: anything, so that every refusal is the `{detail}` of
 * resolveExportRange (docs/product.md §17) rather than a field error.
 */
export const statementExportQuery = z.object({
  from: z.unknown().optional().describe('AAAA-MM-DD; padrão: 12 meses antes de `to`'),
  to: z.unknown().optional().describe('AAAA-MM-DD; padrão: hoje (São Paulo)'),
});

/** The calendar date `months` months after `date` (negative: before), clamped to the month's end. */
export function shiftMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(Math.min(d, lastDay))}`;
}

/** The day after (or, with -1, before) an ISO date. */
const nextDay = (date: string, days = 1) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type ExportRange = { from: string; to: string } | { error: string };

/**
 * The period of an export (both days included): `to` defaults to today, `from` to 12 months
 * before `to` (the day after the same date a year earlier). Refused: a date that is not a real
 * YYYY-MM-DD, `from` after `to`, or more than 5 years.
 */
export function resolveExportRange(
  query: { from?: unknown; to?: unknown },
  today: string,
): ExportRange {
  const given = (value: unknown) => value !== undefined && value !== '';
  const valid = (value: unknown): value is string =>
    typeof value === 'string' && isRealIsoDate(value);
  if (given(query.from) && !valid(query.from)) return { error: statementMessages.fromInvalid };
  if (given(query.to) && !valid(query.to)) return { error: statementMessages.toInvalid };
  const to = valid(query.to) ? query.to : today;
  const from = valid(query.from) ? query.from : nextDay(shiftMonths(to, -12));
  if (from > to) return { error: statementMessages.fromAfterTo };
  if (to >= shiftMonths(from, 12 * STATEMENT_EXPORT_MAX_YEARS))
    return { error: statementMessages.rangeTooLong };
  return { from, to };
}

/** 'extrato-copaiba-2025-11-26-a-2026-11-25.csv'. */
export const statementExportFilename = (from: string, to: string) =>
  `extrato-copaiba-${from}-a-${to}.csv`;

/** 'informe-de-rendimentos-copaiba-2026.pdf'. */
export const incomeReportFilename = (year: number) => `informe-de-rendimentos-copaiba-${year}.pdf`;

/**
 * A report year from the path: four digits, not after the current year (São Paulo). Whether the
 * investor has a report that year is the service's question (404).
 */
export function parseReportYear(text: string, currentYear: number): number | { error: string } {
  if (!/^\d{4}$/.test(text)) return { error: statementMessages.yearInvalid };
  const year = Number(text);
  if (year > currentYear) return { error: statementMessages.yearInFuture };
  return year;
}

export const incomeReportYears = z.object({ years: z.array(z.number().int()) });
export type IncomeReportYears = z.infer<typeof incomeReportYears>;

/** Money as decimal strings (docs/product.md §7). */
const figures = {
  cost_start: z.string(),
  cost_end: z.string(),
  purchases: z.string(),
  refunds: z.string(),
  desistencias: z.string(),
  amortization: z.string(),
  income: z.string(),
  ir_withheld: z.string(),
  /** Units sold on the secondary board: what they brought in and what they had cost. */
  sales: z.string(),
  sales_cost: z.string(),
};

/** One token of the year: position at 31/12 of the year before and of the year, what moved. */
export const incomeReportToken = z.object({
  token_id: z.number(),
  name: z.string(),
  symbol: z.string(),
  issuer_name: z.string(),
  issuer_cnpj: z.string(),
  units_start: z.number().int(),
  units_end: z.number().int(),
  ...figures,
});
export type IncomeReportToken = z.infer<typeof incomeReportToken>;

export const incomeReport = z.object({
  year: z.number().int(),
  /** False while the year is still running: the end position is then today's. */
  complete: z.boolean(),
  /** The date of the end position: 31/12 of the year, or today in São Paulo. */
  position_date: z.string(),
  generated_at: z.string(),
  platform: z.object({ name: z.string(), cnpj: z.string() }),
  investor: z.object({ name: z.string(), cpf_cnpj: z.string() }),
  tokens: z.array(incomeReportToken),
  totals: z.object(figures),
});
export type IncomeReport = z.infer<typeof incomeReport>;

/** pendente: due, to be paid; atrasado: past due and unpaid; previsto: the offer is still funding. */
export const UPCOMING_RECEIPT_STATUSES = ['pendente', 'atrasado', 'previsto'] as const;

export const upcomingReceipt = z.object({
  date: z.string(),
  token_id: z.number(),
  name_token: z.string(),
  symbol: z.string(),
  installment_number: z.number().int(),
  installments: z.number().int(),
  quantity: z.number().int(),
  amount: z.string(),
  status: z.enum(UPCOMING_RECEIPT_STATUSES),
});
export type UpcomingReceipt = z.infer<typeof upcomingReceipt>;

/** The next receipts across all holdings; `count` and `total` cover every one still to come. */
export const upcomingReceipts = z.object({
  count: z.number().int(),
  total: z.string(),
  results: z.array(upcomingReceipt),
});
export type UpcomingReceipts = z.infer<typeof upcomingReceipts>;

/** The wallet's value at the end of a month (today for the current one): cash + tokens at cost. */
export const walletHistoryPoint = z.object({
  month: z.string(),
  date: z.string(),
  cash: z.string(),
  tokens: z.string(),
  total: z.string(),
});
export type WalletHistoryPoint = z.infer<typeof walletHistoryPoint>;

export const walletHistory = z.object({ months: z.array(walletHistoryPoint) });
export type WalletHistory = z.infer<typeof walletHistory>;
