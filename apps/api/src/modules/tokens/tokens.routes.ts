import {
  badRequestResponse,
  createdResponse,
  detailResponse,
  idParam,
  messageResponse,
  pageQuery,
  paginated,
  registeredToken,
  tokenFieldsBase,
  tokenFormData,
  withTokenRules,
  workspaceMessages,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageFile, pdfFile } from '../../lib/uploads.ts';
import type { TokensService } from './tokens.service.ts';

const files = {
  project_blade: pdfFile(workspaceMessages.bladeMissing),
  operation_flow: imageFile(workspaceMessages.flowMissing),
  project_structure: imageFile(workspaceMessages.structureMissing),
};
const createTokenBody = withTokenRules(tokenFieldsBase.extend(files));
const updateTokenBody = tokenFieldsBase.partial().extend({
  project_blade: files.project_blade.optional(),
  operation_flow: files.operation_flow.optional(),
  project_structure: files.project_structure.optional(),
});

const errors = {
  400: badRequestResponse,
  401: detailResponse,
  403: detailResponse,
  404: detailResponse,
};

/** The creator's tokens: create, edit while not issued, read for editing, list. */
export const tokensRoutes: FastifyPluginAsyncZod<{ tokens: TokensService }> = async (
  app,
  { tokens },
) => {
  const tags = ['tokens do criador'];
  const security = [{ bearer: [] }];
  const creator = app.requireRole('creator');

  app.post(
    '/token/',
    {
      schema: {
        tags,
        security,
        summary: 'Cadastra um token (multipart, com lâmina PDF, fluxo e estrutura)',
        consumes: ['multipart/form-data'],
        body: createTokenBody,
        response: { 201: createdResponse, ...errors },
      },
      onRequest: creator,
    },
    async (request, reply) =>
      reply.status(201).send(await tokens.create(request.requireUser(), request.body)),
  );

  app.put(
    '/token/update/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Atualiza só os campos alterados de um token não emitido',
        consumes: ['multipart/form-data'],
        params: idParam,
        body: updateTokenBody,
        response: { 201: messageResponse, 409: messageResponse, ...errors },
      },
      onRequest: creator,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await tokens.update(request.requireUser(), request.params.id, request.body)),
  );

  app.get(
    '/token/detail/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Token do criador, para edição',
        params: idParam,
        response: { 200: tokenFormData, ...errors },
      },
      onRequest: creator,
    },
    async (request) => tokens.detail(request.requireUser(), request.params.id),
  );

  app.get(
    '/token-issuer/token-list',
    {
      schema: {
        tags,
        security,
        summary: 'Gestão de Tokens: tokens do criador (5 por página)',
        querystring: pageQuery,
        response: { 200: paginated(registeredToken), ...errors },
      },
      onRequest: creator,
    },
    async (request) => tokens.list(request.requireUser(), request.query.page),
  );
};
