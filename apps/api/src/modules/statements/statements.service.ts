import {
  centsToDecimal,
  incomeReportFilename,
  parseReportYear,
  resolveExportRange,
  saoPauloDayStart,
  shiftMonths,
  statementExportFilename,
  statementMessages,
  todayInSaoPaulo,
  type IncomeReport,
  type IncomeReportYears,
  type UpcomingReceipt,
  type UpcomingReceipts,
  type WalletHistory,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import type { IdentityBox } from '../../lib/identity-box.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { installmentAmountsPerUnit, installmentDates } from '../catalogue/token-figures.ts';
import { createMovementReads } from '../ledger/ledger.ts';
import type { TokensService, TokenWithIssuer } from '../tokens/tokens.service.ts';
import { incomeReportPdf } from './income-report-pdf.ts';
import { isHeld, movesToken, tokenPeriods, worthsAt, type TokenPeriod } from './positions.ts';
import { statementCsv } from './statement-csv.ts';

/** Who issues the income report (docs/product.md §17). */
export interface Platform {
  name: string;
  cnpj: string;
}

/** How many upcoming receipts /wallet lists. */
export const UPCOMING_RECEIPTS_SHOWN = 6;
/** Months of the wallet's history. */
export const HISTORY_MONTHS = 12;

const DAY_MS = 86_400_000;
/** Later than any movement: a position "now" counts every movement written. */
const END_OF_TIME = new Date(8.64e15);

const yearStart = (year: number) => saoPauloDayStart(`${year}-01-01`);
const yearOf = (at: Date) => Number(todayInSaoPaulo(at).slice(0, 4));

/** Token names in pt-BR order. One collator: `localeCompare` with a locale builds one per call. */
const byName = new Intl.Collator('pt-BR').compare;

/** A token counts in a year's report when it moved in the year or was held at its start. */
const inReport = (period: TokenPeriod) => period.moved || isHeld(period.start);

/**
 * The investor's statements, read from the ledger (docs/product.md §17): the CSV export, the
 * annual income report (JSON and PDF), the upcoming receipts and the wallet's history.
 */
export function createStatementsService(deps: {
  db: Database;
  tokens: Pick<TokensService, 'withIssuers'>;
  platform: Platform;
  now: () => Date;
  /** Opens the investor's sealed CPF/CNPJ for the report and the export (docs/product.md §19). */
  identity: IdentityBox;
}) {
  const { db, tokens, platform, now, identity } = deps;
  const movementReads = createMovementReads(db);

  /** The wallet's movements (before `before`) and the tokens they name. */
  async function ledgerOf(user: UserRow, before?: Date) {
    const movements = await movementReads.walletMovements(user.id, before);
    const named = await tokens.withIssuers(
      movements.flatMap((m) => (m.tokenId === null ? [] : [m.tokenId])),
    );
    return { movements, tokens: named };
  }

  function currentYear(): number {
    return yearOf(now());
  }

  function yearOrThrow(text: string): number {
    const year = parseReportYear(text, currentYear());
    if (typeof year !== 'number') throw new AppError(400, year.error);
    return year;
  }

  async function report(user: UserRow, yearText: string): Promise<IncomeReport> {
    const year = yearOrThrow(yearText);
    const at = now();
    const { movements, tokens: named } = await ledgerOf(user, yearStart(year + 1));
    const periods = tokenPeriods(movements, named, yearStart(year), yearStart(year + 1))
      .filter(inReport)
      .sort((a, b) => byName(a.token.token.name, b.token.token.name));
    if (periods.length === 0) throw AppError.notFound(statementMessages.noReport(year));
    const complete = year < currentYear();
    const sum = (pick: (p: TokenPeriod) => bigint) => periods.reduce((s, p) => s + pick(p), 0n);
    const money = (
      costStart: bigint,
      costEnd: bigint,
      flows: TokenPeriod['flows'],
    ): IncomeReport['totals'] => ({
      cost_start: centsToDecimal(costStart),
      cost_end: centsToDecimal(costEnd),
      purchases: centsToDecimal(flows.purchases),
      refunds: centsToDecimal(flows.refunds),
      desistencias: centsToDecimal(flows.desistencias),
      amortization: centsToDecimal(flows.amortization),
      income: centsToDecimal(flows.income),
      // Copaíba withholds no income tax on these payments (docs/product.md §17).
      ir_withheld: centsToDecimal(0n),
      sales: centsToDecimal(flows.sales),
      sales_cost: centsToDecimal(flows.salesCost),
    });
    return {
      year,
      complete,
      position_date: complete ? `${year}-12-31` : todayInSaoPaulo(at),
      generated_at: at.toISOString(),
      platform,
      investor: { name: user.name, cpf_cnpj: identity.openOrNull(user.cpfCnpjEnc) ?? '' },
      tokens: periods.map((p) => ({
        token_id: p.token.token.id,
        name: p.token.token.name,
        symbol: p.token.token.symbol,
        issuer_name: p.token.issuerName,
        issuer_cnpj: p.token.issuerCnpj,
        units_start: p.start.units,
        units_end: p.end.units,
        ...money(p.start.costCents, p.end.costCents, p.flows),
      })),
      totals: money(
        sum((p) => p.start.costCents),
        sum((p) => p.end.costCents),
        {
          purchases: sum((p) => p.flows.purchases),
          refunds: sum((p) => p.flows.refunds),
          desistencias: sum((p) => p.flows.desistencias),
          amortization: sum((p) => p.flows.amortization),
          income: sum((p) => p.flows.income),
          sales: sum((p) => p.flows.sales),
          salesCost: sum((p) => p.flows.salesCost),
        },
      ),
    };
  }

  return {
    /** The movements of a period as a CSV file; a bad period is a 400 with a pt-BR detail. */
    async exportCsv(user: UserRow, query: { from?: unknown; to?: unknown }) {
      const range = resolveExportRange(query, todayInSaoPaulo(now()));
      if ('error' in range) throw new AppError(400, range.error);
      const from = saoPauloDayStart(range.from);
      const until = new Date(saoPauloDayStart(range.to).getTime() + DAY_MS);
      const { movements, tokens: named } = await ledgerOf(user, until);
      const earlier = movements.filter((m) => m.createdAt < from);
      return {
        filename: statementExportFilename(range.from, range.to),
        body: statementCsv({
          investor: { name: user.name, cpfCnpj: identity.openOrNull(user.cpfCnpjEnc) },
          from: range.from,
          to: range.to,
          openingCents: earlier.reduce((sum, m) => sum + m.amountCents, 0n),
          movements: movements.filter((m) => m.createdAt >= from),
          tokens: named,
        }),
      };
    },

    /** The years with a report: a token held or money received from one; newest first. */
    async reportYears(user: UserRow): Promise<IncomeReportYears> {
      const { movements, tokens: named } = await ledgerOf(user);
      const first = movements.find(movesToken);
      const years: number[] = [];
      if (first) {
        for (let year = currentYear(); year >= yearOf(first.createdAt); year--) {
          const periods = tokenPeriods(movements, named, yearStart(year), yearStart(year + 1));
          if (periods.some(inReport)) years.push(year);
        }
      }
      return { years };
    },

    /** docs/product.md §17: 400 for a year that is not one or has not begun, 404 without a report. */
    incomeReport: report,

    async incomeReportPdf(user: UserRow, yearText: string) {
      const answer = await report(user, yearText);
      return { filename: incomeReportFilename(answer.year), pdf: await incomeReportPdf(answer) };
    },

    /** The installments still to come across every holding, soonest first. */
    async upcomingReceipts(user: UserRow): Promise<UpcomingReceipts> {
      const today = todayInSaoPaulo(now());
      const { movements, tokens: named } = await ledgerOf(user);
      // Every installment to come is counted and summed; only the soonest shown are formatted
      // (an investor with 200 holdings has thousands to come: docs/PERFORMANCE.md).
      const due: Array<{
        date: string;
        i: number;
        amount: bigint;
        held: TokenWithIssuer;
        units: number;
      }> = [];
      let totalCents = 0n;
      for (const { token: held, end } of tokenPeriods(movements, named, END_OF_TIME, END_OF_TIME)) {
        const t = held.token;
        if (end.units <= 0 || !t.offerStatus || t.offerStatus === 'failed') continue;
        const distributing = t.offerStatus === 'distributing';
        const perUnit = installmentAmountsPerUnit(t);
        installmentDates(t).forEach((date, i) => {
          const amount = BigInt(end.units) * perUnit[i]!;
          if ((distributing && i < held.installmentsPaid) || amount === 0n) return;
          totalCents += amount;
          due.push({ date, i, amount, held, units: end.units });
        });
      }
      // ISO dates compare as text.
      due.sort(
        (a, b) =>
          (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
          byName(a.held.token.name, b.held.token.name) ||
          a.held.token.id - b.held.token.id,
      );
      const receipts = due
        .slice(0, UPCOMING_RECEIPTS_SHOWN)
        .map(({ date, i, amount, held: { token: t }, units }): UpcomingReceipt => ({
          date,
          token_id: t.id,
          name_token: t.name,
          symbol: t.symbol,
          installment_number: i + 1,
          installments: t.installments,
          quantity: units,
          amount: centsToDecimal(amount),
          status:
            t.offerStatus !== 'distributing' ? 'previsto' : date < today ? 'atrasado' : 'pendente',
        }));
      return { count: due.length, total: centsToDecimal(totalCents), results: receipts };
    },

    /** The wallet's value, cash plus tokens at cost, at the end of each of the last 12 months. */
    async history(user: UserRow): Promise<WalletHistory> {
      const today = todayInSaoPaulo(now());
      const { movements, tokens: named } = await ledgerOf(user);
      const months = Array.from({ length: HISTORY_MONTHS }, (_, i) => {
        const first = shiftMonths(`${today.slice(0, 7)}-01`, i - HISTORY_MONTHS + 1);
        const end = saoPauloDayStart(shiftMonths(first, 1));
        const current = i === HISTORY_MONTHS - 1;
        return {
          month: first.slice(0, 7),
          date: current ? today : new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10),
          // The month's end; the current month counts every movement written.
          cut: current ? END_OF_TIME : end,
        };
      });
      const worths = worthsAt(
        movements,
        named,
        months.map((m) => m.cut),
      );
      return {
        months: months.map(({ month, date }, i) => {
          const { cashCents, tokensCents } = worths[i]!;
          return {
            month,
            date,
            cash: centsToDecimal(cashCents),
            tokens: centsToDecimal(tokensCents),
            total: centsToDecimal(cashCents + tokensCents),
          };
        }),
      };
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
