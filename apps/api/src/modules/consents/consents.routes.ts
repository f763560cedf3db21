import { consentRow, detailResponse, pageQuery, paginated } from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsentsService } from './consents.service.ts';

export const consentsRoutes: FastifyPluginAsyncZod<{ consents: ConsentsService }> = async (
  app,
  { consents },
) => {
  app.get(
    '/privacy/consents/',
    {
      schema: {
        tags: ['privacidade'],
        security: [{ bearer: [] }],
        summary: 'Os consentimentos dados: documento, versão, data, IP e navegador (10 por página)',
        querystring: pageQuery,
        response: { 200: paginated(consentRow), 401: detailResponse, 404: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => consents.page(request.requireUser().id, request.query.page),
  );
};
