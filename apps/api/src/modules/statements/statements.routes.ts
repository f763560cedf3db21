import {
  detailResponse,
  incomeReport,
  incomeReportYears,
  statementExportQuery,
  upcomingReceipts,
  walletHistory,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perUser } from '../../plugins/rate-limit.ts';
import type { StatementsService } from './statements.service.ts';

const errors = { 400: detailResponse, 401: detailResponse, 429: detailResponse };
/** Any text: the service answers a year that is not one with a 400 `{detail}`, not a 404. */
const yearParams = z.object({ year: z.string().max(32) });

/** docs/product.md §17: the statement export, the income report, upcoming receipts, the history. */
export const statementsRoutes: FastifyPluginAsyncZod<{ statements: StatementsService }> = async (
  app,
  { statements },
) => {
  const tags = ['carteira'];
  const security = [{ bearer: [] }];
  // Files are built on each request: a person downloads a few, a script is slowed down.
  const files = { rateLimit: perUser(app.rateLimits.confirm) };

  app.get(
    '/wallet/transactions/export.csv',
    {
      schema: {
        tags,
        security,
        summary: 'Extrato de um período em CSV (;, UTF-8 com BOM, datas e valores em pt-BR)',
        querystring: statementExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('O arquivo CSV'), ...errors },
      },
      onRequest: app.authenticate,
      config: files,
    },
    async (request, reply) => {
      const { filename, body } = await statements.exportCsv(request.requireUser(), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/wallet/income-report/',
    {
      schema: {
        tags,
        security,
        summary: 'Anos com Informe de Rendimentos (mais recente primeiro)',
        response: { 200: incomeReportYears, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => statements.reportYears(request.requireUser()),
  );

  app.get(
    '/wallet/income-report/:year',
    {
      schema: {
        tags,
        security,
        summary: 'Informe de Rendimentos do ano, com os números do PDF',
        params: yearParams,
        response: { 200: incomeReport, 404: detailResponse, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => statements.incomeReport(request.requireUser(), request.params.year),
  );

  app.get(
    '/wallet/income-report/:year.pdf',
    {
      schema: {
        tags,
        security,
        summary: 'Informe de Rendimentos do ano em PDF',
        params: yearParams,
        produces: ['application/pdf'],
        response: {
          200: z.instanceof(Buffer).describe('O arquivo PDF'),
          404: detailResponse,
          ...errors,
        },
      },
      onRequest: app.authenticate,
      config: files,
    },
    async (request, reply) => {
      const { filename, pdf } = await statements.incomeReportPdf(
        request.requireUser(),
        request.params.year,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/wallet/upcoming-receipts/',
    {
      schema: {
        tags,
        security,
        summary: 'Próximos recebimentos: as próximas parcelas de todos os tokens da carteira',
        response: { 200: upcomingReceipts, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => statements.upcomingReceipts(request.requireUser()),
  );

  app.get(
    '/wallet/history/',
    {
      schema: {
        tags,
        security,
        summary:
          'Valor da carteira (saldo + tokens ao custo) no fim de cada um dos últimos 12 meses',
        response: { 200: walletHistory, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => statements.history(request.requireUser()),
  );
};
