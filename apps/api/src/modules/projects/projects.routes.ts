import {
  badRequestResponse,
  detailResponse,
  formBoolean,
  idParam,
  messageResponse,
  PROJECT_IMAGE_FIELDS,
  PROJECT_REMOVABLE_FIELDS,
  projectFields,
  projectFormData,
  workspaceMessages,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import { imageFile, pdfFile } from '../../lib/uploads.ts';
import type { ProjectsService } from './projects.service.ts';

const optionalImages = Object.fromEntries(
  PROJECT_IMAGE_FIELDS.map((f) => [f, imageFile().optional()]),
) as {
  [K in (typeof PROJECT_IMAGE_FIELDS)[number]]: z.ZodOptional<ReturnType<typeof imageFile>>;
};
const createProjectBody = projectFields.extend({
  ...optionalImages,
  token_issuance_term: pdfFile(workspaceMessages.termMissing),
  deed_of_credit: pdfFile().optional(),
});
const updateProjectBody = projectFields.partial().extend({
  ...optionalImages,
  token_issuance_term: pdfFile().optional(),
  deed_of_credit: pdfFile().optional(),
  ...(Object.fromEntries(
    PROJECT_REMOVABLE_FIELDS.map((f) => [`remove_${f}`, formBoolean.optional()]),
  ) as {
    [K in (typeof PROJECT_REMOVABLE_FIELDS)[number] as `remove_${K}`]: z.ZodOptional<
      typeof formBoolean
    >;
  }),
});

const errors = {
  400: badRequestResponse,
  401: detailResponse,
  403: detailResponse,
  404: detailResponse,
  409: messageResponse,
};

/** The project of a creator's token: register (releases the token), edit while not issued, read. */
export const projectsRoutes: FastifyPluginAsyncZod<{ projects: ProjectsService }> = async (
  app,
  { projects },
) => {
  const tags = ['projetos do criador'];
  const security = [{ bearer: [] }];
  const creator = app.requireRole('creator');

  app.post(
    '/project/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Cadastra o projeto de um token (multipart); o token fica Liberado',
        consumes: ['multipart/form-data'],
        params: idParam,
        body: createProjectBody,
        response: { 201: messageResponse, ...errors },
      },
      onRequest: creator,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await projects.create(request.requireUser(), request.params.id, request.body)),
  );

  app.put(
    '/project/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Atualiza só os campos alterados do projeto; remove_<campo>=true apaga um arquivo opcional',
        consumes: ['multipart/form-data'],
        params: idParam,
        body: updateProjectBody,
        response: { 200: messageResponse, ...errors },
      },
      onRequest: creator,
    },
    async (request) => projects.update(request.requireUser(), request.params.id, request.body),
  );

  app.get(
    '/project/detail/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Projeto do token, para edição',
        params: idParam,
        response: { 200: projectFormData, ...errors },
      },
      onRequest: creator,
    },
    async (request) => projects.detail(request.requireUser(), request.params.id),
  );
};
