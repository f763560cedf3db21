import {
  badRequestResponse,
  detailResponse,
  pageQuery,
  paginated,
  securityEventItem,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecurityService } from './security.service.ts';

/** 'Atividade da conta' (docs/product.md §19): the signed-in person's own events. */
export const securityRoutes: FastifyPluginAsyncZod<{ security: SecurityService }> = async (
  app,
  { security },
) => {
  app.get(
    '/account/activity/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Atividade da conta: os eventos de segurança dos últimos 12 meses',
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: {
          200: paginated(securityEventItem),
          400: badRequestResponse,
          401: detailResponse,
          404: detailResponse,
        },
      },
      onRequest: app.authenticate,
    },
    async (request) => security.activity(request.requireUser(), request.query.page),
  );
};
