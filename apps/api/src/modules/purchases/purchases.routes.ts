import {
  badRequestResponse,
  buyBody,
  buyResponse,
  detailResponse,
  idParam,
} from '@copaiba/contracts';
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
};
