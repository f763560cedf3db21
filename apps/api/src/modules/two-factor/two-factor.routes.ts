import {
  badRequestResponse,
  detailResponse,
  messageResponse,
  totpCodeField,
  twoFactorActivation,
  twoFactorDisableBody,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/request-origin.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  const tags = ['dois fatores'];
  const security = [{ bearer: [] }];

  app.get(
    '/twoauth/',
    {
      schema: {
        tags,
        security,
        summary: 'Gera o segredo TOTP e devolve a URL otpauth para o QR code',
        response: { 200: z.object({ url: z.string() }), 401: detailResponse, 409: messageResponse },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.setup(request.requireUser());
    },
  );

  app.post(
    '/twoauth/',
    {
      schema: {
        tags,
        security,
        summary:
          'Ativa a autenticação de dois fatores com um código do app (multipart ou JSON); devolve, uma única vez, os códigos de recuperação',
        body: z.object({ token: totpCodeField }),
        response: {
          200: twoFactorActivation,
          400: badRequestResponse,
          401: detailResponse,
          409: messageResponse,
        },
      },
      onRequest: app.authenticate,
      config: { rateLimit: app.rateLimits.confirm },
    },
    async (request, reply) => {
      // The recovery codes are in this answer only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return twoFactor.activate(request.requireUser(), request.body.token, requestOrigin(request));
    },
  );

  app.delete(
    '/twoauth/',
    {
      schema: {
        tags,
        security,
        summary:
          'Desativa a autenticação de dois fatores com um código atual do app (não para administradores e criadores de tokens)',
        body: twoFactorDisableBody,
        response: {
          200: messageResponse,
          400: badRequestResponse,
          401: detailResponse,
          403: detailResponse,
          429: detailResponse,
        },
      },
      onRequest: app.authenticate,
      config: { rateLimit: app.rateLimits.confirm },
    },
    async (request) =>
      twoFactor.disable(request.requireUser(), request.body.code, requestOrigin(request)),
  );
};
