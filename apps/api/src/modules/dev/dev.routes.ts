import { devOutbox, type Database } from '@copaiba/db';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const outboxItem = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
  created_at: z.string(),
});

/** Development only: the mails kept when no SMTP server is configured, newest first. */
export const devRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/dev/outbox/',
    {
      schema: {
        tags: ['desenvolvimento'],
        summary: 'Caixa de saída de e-mails (sem SMTP, nunca em produção)',
        response: {
          200: z.object({
            count: z.number(),
            next: z.null(),
            previous: z.null(),
            results: z.array(outboxItem),
          }),
        },
      },
    },
    async () => {
      const rows = await db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(50);
      const results = rows.map((r) => ({ ...r, created_at: r.createdAt.toISOString() }));
      return { count: results.length, next: null, previous: null, results };
    },
  );
};
