import {
  badRequestResponse,
  captchaField,
  detailResponse,
  formBoolean,
  ISSUER_IMAGE_FIELDS,
  issuerFields,
  issuerFormData,
  messageResponse,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import { imageFile } from '../../lib/uploads.ts';
import type { IssuersService } from './issuers.service.ts';

const imageFields = Object.fromEntries(ISSUER_IMAGE_FIELDS.map((f) => [f, imageFile()])) as Record<
  (typeof ISSUER_IMAGE_FIELDS)[number],
  ReturnType<typeof imageFile>
>;

const registerIssuerBody = issuerFields.extend(imageFields).extend({
  intention_project_manager: formBoolean.default(false),
  captcha: captchaField,
});

const updateIssuerBody = issuerFields.partial().extend(
  Object.fromEntries(ISSUER_IMAGE_FIELDS.map((f) => [f, imageFile().optional()])) as {
    [K in (typeof ISSUER_IMAGE_FIELDS)[number]]: z.ZodOptional<ReturnType<typeof imageFile>>;
  },
);

const errors = {
  400: badRequestResponse,
  401: detailResponse,
  403: detailResponse,
  404: detailResponse,
};

export const issuersRoutes: FastifyPluginAsyncZod<{ issuers: IssuersService }> = async (
  app,
  { issuers },
) => {
  const tags = ['emissor'];
  const security = [{ bearer: [] }];

  app.post(
    '/token-issuer/',
    {
      schema: {
        tags,
        security,
        summary: 'Seja Emissor: cadastra os dados do emissor (multipart)',
        consumes: ['multipart/form-data'],
        body: registerIssuerBody,
        response: { 201: messageResponse, 409: messageResponse, ...errors },
      },
      onRequest: app.authenticate,
      config: { rateLimit: app.rateLimits.register },
    },
    async (request, reply) =>
      reply.status(201).send(await issuers.register(request.requireUser(), request.body)),
  );

  app.get(
    '/token-issuer/',
    {
      schema: {
        tags,
        security,
        summary: 'Dados do emissor do criador logado',
        response: { 200: issuerFormData, ...errors },
      },
      onRequest: app.requireRole('creator'),
    },
    async (request) => issuers.get(request.requireUser()),
  );

  app.put(
    '/token-issuer/',
    {
      schema: {
        tags,
        security,
        summary: 'Atualiza só os campos alterados do emissor (multipart)',
        consumes: ['multipart/form-data'],
        body: updateIssuerBody,
        response: { 200: messageResponse, ...errors },
      },
      onRequest: app.requireRole('creator'),
    },
    async (request) => issuers.update(request.requireUser(), request.body),
  );
};
