import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Multipart forms arrive as a plain body (fields as strings, files as buffers) for the zod schemas. */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: 20 * 1024 * 1024,
      files: 20,
      fields: 100,
      fieldSize: 256 * 1024,
      parts: 120,
    },
  });
});
