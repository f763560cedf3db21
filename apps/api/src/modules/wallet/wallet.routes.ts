import {
  badRequestResponse,
  depositBody,
  depositLimit,
  depositResponse,
  detailResponse,
  ownedToken,
  pageQuery,
  paginated,
  STATEMENT_FILTERS,
  statementRow,
  walletBalance,
  withdrawBody,
  messageResponse,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import { perUser } from '../../plugins/rate-limit.ts';
import type { WalletService } from './wallet.service.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

const errors = {
  400: badRequestResponse,
  401: detailResponse,
  422: detailResponse,
  429: detailResponse,
};

export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  withdrawals: WithdrawalsService;
}> = async (app, { wallet, withdrawals }) => {
  const tags = ['carteira'];
  const security = [{ bearer: [] }];

  app.get(
    '/wallet/balance/brlt/',
    {
      schema: {
        tags,
        security,
        summary: 'Saldo em reais, em tokens e limite de saque do mês',
        response: { 200: walletBalance, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => wallet.balance(request.requireUser()),
  );

  app.get(
    '/wallet/transactions/:filter',
    {
      schema: {
        tags,
        security,
        summary: 'Extrato de operações (6 por página)',
        params: z.object({ filter: z.enum(STATEMENT_FILTERS, { error: 'Filtro inválido.' }) }),
        querystring: pageQuery,
        response: { 200: paginated(statementRow), 404: detailResponse, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      wallet.statement(request.requireUser(), request.params.filter, request.query.page),
  );

  app.get(
    '/wallet/my-tokens/:filter',
    {
      schema: {
        tags,
        security,
        summary: "Meus Ativos: 'todos' ou busca por nome/símbolo (6 por página; 404 quando vazio)",
        params: z.object({
          filter: z.string().trim().min(1, 'Filtro inválido.').max(100, 'Filtro inválido.'),
        }),
        querystring: pageQuery,
        response: { 200: paginated(ownedToken), 404: detailResponse, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      wallet.myTokens(request.requireUser(), request.params.filter, request.query.page),
  );

  app.get(
    '/wallet/balance/deposit-limit/',
    {
      schema: {
        tags,
        security,
        summary: 'Depósitos do mês e quanto ainda cabe',
        response: { 200: depositLimit, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => wallet.depositLimit(request.requireUser()),
  );

  app.post(
    '/wallet/pix/deposit/',
    {
      schema: {
        tags,
        security,
        summary: 'Cria uma cobrança Pix (BR Code) para depositar; aceita Idempotency-Key',
        body: depositBody,
        response: { 201: depositResponse, ...errors },
      },
      onRequest: app.authenticate,
      config: { rateLimit: perUser(app.rateLimits.deposit) },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const outcome = await wallet.deposit(
        request.requireUser(),
        request.body.value,
        typeof key === 'string' ? key : undefined,
        requestOrigin(request),
      );
      return reply.status(outcome.status as 201).send(outcome.body);
    },
  );

  app.post(
    '/wallet/pix/withdraw/',
    {
      schema: {
        tags,
        security,
        summary:
          'Saque para uma chave Pix, com o código do app autenticador; aceita Idempotency-Key',
        body: withdrawBody,
        response: {
          201: messageResponse.extend({ withdrawal_id: z.number() }),
          403: detailResponse,
          ...errors,
        },
      },
      onRequest: app.authenticate,
      config: { rateLimit: perUser(app.rateLimits.confirm) },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const outcome = await withdrawals.withdraw(
        request.requireUser(),
        request.body,
        typeof key === 'string' ? key : undefined,
      );
      return reply.status(outcome.status as 201).send(outcome.body);
    },
  );
};
