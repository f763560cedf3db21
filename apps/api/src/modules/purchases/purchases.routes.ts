import {
  badRequestResponse,
  buyBody,
  buyResponse,
  detailResponse,
  idParam,
  messageResponse,
  pageQuery,
  paginated,
  purchaseRow,
} from '@copaiba/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency.ts';
import type { PurchasesService } from './purchases.service.ts';

export const purchasesRoutes: FastifyPluginAsyncZod<{ purchases: PurchasesService }> = async (
  app,
  { purchases },
) => {
  app.post(
    '/wallet/buy-token/:id',
    {
      schema: {
        tags: ['carteira'],
        security: [{ bearer: [] }],
        summary:
          'Compra tokens de uma oferta em captação com o saldo da carteira; aceita Idempotency-Key',
        params: idParam,
        body: buyBody,
        response: {
          201: buyResponse,
          400: badRequestResponse,
          401: detailResponse,
          403: z.object({ detail: z.string(), code: z.string() }),
          404: detailResponse,
          422: detailResponse,
        },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const outcome = await purchases.buy(
        request.requireUser(),
        request.params.id,
        request.body.quantity,
        typeof key === 'string' ? key : undefined,
      );
      return reply.status(outcome.status as 201).send(outcome.body);
    },
  );

  app.get(
    '/wallet/purchases/',
    {
      schema: {
        tags: ['carteira'],
        security: [{ bearer: [] }],
        summary: 'Minhas compras: as compras do usuário e até quando cada uma pode ser desfeita',
        querystring: pageQuery,
        response: { 200: paginated(purchaseRow), 401: detailResponse, 404: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => purchases.purchases(request.requireUser(), request.query.page),
  );

  app.post(
    '/wallet/purchases/:id/desistencia/',
    {
      schema: {
        tags: ['carteira'],
        security: [{ bearer: [] }],
        summary:
          'Desiste de uma compra no prazo de desistência: o valor volta à carteira (idempotente)',
        params: idParam,
        response: {
          200: messageResponse,
          400: detailResponse,
          401: detailResponse,
          404: detailResponse,
        },
      },
      onRequest: app.authenticate,
    },
    async (request) => purchases.desist(request.requireUser(), request.params.id),
  );
};
