import { captchaChallengeResponse } from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CaptchaService } from './captcha.service.ts';

export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (
  app,
  { captcha },
) => {
  app.get(
    '/captcha/challenge/',
    {
      schema: {
        tags: ['captcha'],
        summary: 'Desafio ALTCHA (prova de trabalho)',
        response: { 200: captchaChallengeResponse },
      },
      config: { rateLimit: app.rateLimits.captcha },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );
};
