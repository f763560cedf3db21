import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../lib/storage/storage.ts';

/** Stored files at /media/{key}: keys never change content, so they are cached for a year. */
export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const object = await storage.get(key);
    if (!object) throw AppError.notFound();
    reply
      .header('content-type', object.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('content-disposition', 'inline');
    if (object.size !== undefined) reply.header('content-length', object.size);
    return reply.send(object.body);
  });
};
