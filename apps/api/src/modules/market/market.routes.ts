import {
  badRequestResponse,
  detailResponse,
  idParam,
  listingCancelled,
  listingCreateBody,
  listingCreated,
  listingRow,
  listingsQuery,
  marketBuyBody,
  marketBuyResponse,
  myListingRow,
  pageQuery,
  paginated,
} from '@copaiba/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency.ts';
import type { MarketService } from './market.service.ts';

/** A 403 with a machine-readable reason (risk_term_required, active_investor_required). */
const forbiddenResponse = z.object({ detail: z.string(), code: z.string() });

/** The secondary board, 'Mural de Negociação' (docs/product.md §18). */
export const marketRoutes: FastifyPluginAsyncZod<{ market: MarketService }> = async (
  app,
  { market },
) => {
  const tags = ['mural de negociação'];
  const security = [{ bearer: [] }];

  app.post(
    '/market/listings/',
    {
      schema: {
        tags,
        security,
        summary:
          'Oferece no Mural unidades livres de um token em distribuição, a um preço por unidade',
        body: listingCreateBody,
        response: { 201: listingCreated, 400: badRequestResponse, 401: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) =>
      reply.status(201).send(await market.list(request.requireUser(), request.body)),
  );

  app.get(
    '/market/listings/',
    {
      schema: {
        tags,
        security,
        summary: 'As ofertas abertas do Mural, das mais novas; de um token com token_id',
        querystring: listingsQuery.extend(pageQuery.shape),
        response: {
          200: paginated(listingRow),
          400: badRequestResponse,
          401: detailResponse,
          404: detailResponse,
        },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      market.board(request.requireUser(), request.query.token_id, request.query.page),
  );

  app.get(
    '/market/my-listings/',
    {
      schema: {
        tags,
        security,
        summary: 'Minhas ofertas: as ofertas do usuário no Mural, com o que foi vendido',
        querystring: pageQuery,
        response: { 200: paginated(myListingRow), 401: detailResponse, 404: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => market.mine(request.requireUser(), request.query.page),
  );

  app.delete(
    '/market/listings/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Cancela uma oferta do usuário: as unidades não vendidas voltam a ficar livres',
        params: idParam,
        response: {
          200: listingCancelled,
          400: detailResponse,
          401: detailResponse,
          404: detailResponse,
        },
      },
      onRequest: app.authenticate,
    },
    async (request) => market.cancel(request.requireUser(), request.params.id),
  );

  app.post(
    '/market/listings/:id/buy/',
    {
      schema: {
        tags,
        security,
        summary:
          'Compra unidades de uma oferta do Mural com o saldo da carteira; aceita Idempotency-Key',
        params: idParam,
        body: marketBuyBody,
        response: {
          201: marketBuyResponse,
          400: badRequestResponse,
          401: detailResponse,
          403: forbiddenResponse,
          404: detailResponse,
          422: detailResponse,
        },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const outcome = await market.buy(
        request.requireUser(),
        request.params.id,
        request.body.quantity,
        typeof key === 'string' ? key : undefined,
      );
      return reply.status(outcome.status as 201).send(outcome.body);
    },
  );
};
