import {
  badRequestResponse,
  detailResponse,
  idParam,
  messageResponse,
  pageQuery,
  paginated,
  managerProject,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pdfFile } from '../../lib/uploads.ts';
import type { ManagerService } from './manager.service.ts';

const reportsBody = z.object({ report: pdfFile().optional(), indicators: pdfFile().optional() });
const errors = {
  400: badRequestResponse,
  401: detailResponse,
  403: detailResponse,
  404: detailResponse,
};

/** Gestão de Projetos: only the tokens assigned to the manager. */
export const managerRoutes: FastifyPluginAsyncZod<{ manager: ManagerService }> = async (
  app,
  { manager },
) => {
  const tags = ['gestão de projetos'];
  const security = [{ bearer: [] }];
  const onRequest = app.requireRole('manager');

  app.get(
    '/project-manager/project-list',
    {
      schema: {
        tags,
        security,
        summary: 'Tokens atribuídos ao gestor',
        querystring: pageQuery,
        response: { 200: paginated(managerProject), ...errors },
      },
      onRequest,
    },
    async (request) => manager.list(request.requireUser(), request.query.page),
  );

  app.put(
    '/project-manager/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Envia o relatório de atualização e/ou o de indicadores (PDF)',
        consumes: ['multipart/form-data'],
        params: idParam,
        body: reportsBody,
        response: { 200: messageResponse, ...errors },
      },
      onRequest,
    },
    async (request) => manager.sendReports(request.requireUser(), request.params.id, request.body),
  );
};
