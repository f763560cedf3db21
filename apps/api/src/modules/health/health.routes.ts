import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Liveness and readiness (docs/OPERATIONS.md). Both answer once the app serves and the database
 * does; before that, and from SIGTERM on, the server answers them itself (lib/http-lifecycle.ts):
 * `/ready/` then says `starting` or `draining`.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (
  app,
  { ping },
) => {
  const databaseAnswers = async (log: FastifyBaseLogger) => {
    try {
      await ping();
      return true;
    } catch (err) {
      log.warn({ err }, 'health check: database unreachable');
      return false;
    }
  };

  app.get(
    '/health/',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Pronto quando o banco responde',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      if (await databaseAnswers(request.log)) return { status: 'ok' as const };
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  );

  app.get(
    '/ready/',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Recebe tráfego: iniciado, não encerrando, e o banco responde',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.enum(['starting', 'draining', 'unavailable']) }),
        },
      },
    },
    async (request, reply) => {
      if (await databaseAnswers(request.log)) return { status: 'ready' as const };
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  );
};
