import {
  adminUserInfo,
  assignManagerBody,
  auditEntry,
  badRequestResponse,
  creatorDetail,
  creatorRow,
  detailResponse,
  idParam,
  issuerFormData,
  managerOption,
  messageResponse,
  pageQuery,
  paginated,
  projectFormData,
  roleGrantBody,
  tokenFormData,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminService } from './admin.service.ts';

const errors = {
  400: badRequestResponse,
  401: detailResponse,
  403: detailResponse,
  404: detailResponse,
};

/** Administration (docs/product.md §7 and docs/product.md §7): admins only; every act is audited. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  const tags = ['administração'];
  const security = [{ bearer: [] }];
  const onRequest = app.requireRole('admin');
  const read = <T extends z.ZodType>(summary: string, response: T, params = false) => ({
    schema: {
      tags,
      security,
      summary,
      ...(params ? { params: idParam } : {}),
      response: { 200: response, ...errors },
    },
    onRequest,
  });

  app.get(
    '/admins/list/creators/',
    {
      schema: {
        tags,
        security,
        summary: 'Gestão de Acesso',
        querystring: pageQuery,
        response: { 200: paginated(creatorRow), ...errors },
      },
      onRequest,
    },
    async (request) => admin.listCreators(request.query.page),
  );

  app.get(
    '/admins/detail/creator/:id',
    read('Gestão de Usuário', creatorDetail, true),
    async (request) => admin.creatorDetail((request.params as { id: number }).id),
  );
  app.get(
    '/admins/creator/:id/user/',
    read('Dados do Usuário', adminUserInfo, true),
    async (request) => admin.userInfo(request.requireUser(), (request.params as { id: number }).id),
  );
  app.get(
    '/admins/creator/:id/issuer/',
    read('Dados do Emissor', issuerFormData, true),
    async (request) => admin.issuerInfo((request.params as { id: number }).id),
  );
  app.get('/admins/token/:id/', read('Info do Token', tokenFormData, true), async (request) =>
    admin.tokenInfo((request.params as { id: number }).id),
  );
  app.get('/admins/project/:id/', read('Info do Projeto', projectFormData, true), async (request) =>
    admin.projectInfo((request.params as { id: number }).id),
  );
  app.get(
    '/admins/managers/',
    read('Gestores de projeto, para atribuição', z.array(managerOption)),
    async () => admin.listManagers(),
  );

  app.post(
    '/admins/issue-token/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Emite um token Liberado: a oferta abre ao público',
        params: idParam,
        response: { 201: messageResponse, 409: messageResponse, ...errors },
      },
      onRequest,
    },
    async (request, reply) =>
      reply.status(201).send(await admin.issueToken(request.requireUser(), request.params.id)),
  );

  app.patch(
    '/admins/creator/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Concede ou revoga os papéis de criador de token e gestor de projeto',
        params: idParam,
        body: roleGrantBody,
        response: { 200: creatorRow, ...errors },
      },
      onRequest,
    },
    async (request) => admin.grantRoles(request.requireUser(), request.params.id, request.body),
  );

  app.put(
    '/admins/token/:id/manager/',
    {
      schema: {
        tags,
        security,
        summary: 'Atribui o gestor de projeto de um token emitido',
        params: idParam,
        body: assignManagerBody,
        response: { 200: messageResponse, 409: messageResponse, ...errors },
      },
      onRequest,
    },
    async (request) =>
      admin.assignManager(request.requireUser(), request.params.id, request.body.user_id),
  );

  app.get(
    '/admins/audit-log/',
    {
      schema: {
        tags,
        security,
        summary: 'Registro de auditoria dos atos de administradores',
        querystring: pageQuery,
        response: { 200: paginated(auditEntry), ...errors },
      },
      onRequest,
    },
    async (request) => admin.auditLog(request.query.page),
  );
};
