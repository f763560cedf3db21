import { badRequestResponse, detailResponse, messageResponse } from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TwoFactorService } from './two-factor.service.ts';

export const totpCodeField = z
  .string({ error: 'Preencha o código de 6 dígitos encontrado no app!' })
  .regex(/^\d{6}$/, 'Preencha o código de 6 dígitos encontrado no app!');

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
        summary: 'Ativa a autenticação de dois fatores com um código do app (multipart ou JSON)',
        body: z.object({ token: totpCodeField }),
        response: {
          200: messageResponse,
          400: badRequestResponse,
          401: detailResponse,
          409: messageResponse,
        },
      },
      onRequest: app.authenticate,
      config: { rateLimit: app.rateLimits.confirm },
    },
    async (request) => twoFactor.activate(request.requireUser(), request.body.token),
  );
};
