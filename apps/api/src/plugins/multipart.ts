import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { PDF_MAX_BYTES } from '../lib/media.ts';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const FILE_TOO_LARGE = 'O arquivo deve ter no máximo 20 MB.';

/**
 * Multipart forms become a plain body for the zod schemas: fields as strings (a repeated field as
 * an array, which the schemas refuse), files as UploadedFile. A broken form is a 400, never a 500.
 */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: {
      // One byte over the largest document, so that the media checks name the field and its limit.
      fileSize: PDF_MAX_BYTES + 1,
      files: 20,
      fields: 100,
      fieldSize: 256 * 1024,
      parts: 120,
    },
  });
  // Synchronous for every other request: no promise and no extra turn per JSON request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart()) {
      done();
      return;
    }
    readForm(request).then(() => done(), done);
  });
});

async function readForm(request: FastifyRequest): Promise<void> {
  const body: Record<string, unknown> = {};
  let field: string | undefined;
  try {
    for await (const part of request.parts()) {
      field = part.fieldname;
      if (UNSAFE_KEYS.has(part.fieldname)) {
        // Ignored, but a file's stream must still be read, or the form never ends.
        if (part.type === 'file') await part.toBuffer();
        continue;
      }
      let value: unknown;
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // An empty file input: browsers send a nameless, empty part. It means "no file". A part
        // with content is a file even when its name reduces to nothing (busboy keeps the last
        // path segment: "D/" is ""), and the schema judges it like any other.
        if (!part.filename && data.length === 0) continue;
        value = { filename: part.filename, mimetype: part.mimetype, data };
      } else {
        value = part.value;
      }
      const previous: unknown = body[part.fieldname];
      body[part.fieldname] =
        previous === undefined
          ? value
          : [...(Array.isArray(previous) ? (previous as unknown[]) : [previous]), value];
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' && field) {
      throw AppError.badRequest(field, FILE_TOO_LARGE);
    }
    if ((err as { statusCode?: number }).statusCode === 413) {
      // Too many parts, files or fields.
      throw new AppError(413, 'Formulário grande demais.');
    }
    throw new AppError(400, 'Formulário inválido.');
  }
  request.body = body;
}
