import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Multipart forms become a plain body for the zod schemas: fields as strings (a repeated field as
 * an array, which the schemas refuse), files as UploadedFile. A broken form is a 400, never a 500.
 */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: {
      fileSize: 20 * 1024 * 1024,
      files: 20,
      fields: 100,
      fieldSize: 256 * 1024,
      parts: 120,
    },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const body: Record<string, unknown> = {};
    try {
      for await (const part of request.parts()) {
        if (UNSAFE_KEYS.has(part.fieldname)) continue;
        if (part.type === 'file' && !part.filename) {
          // An empty file input: browsers send a nameless, empty part. It means "no file".
          await part.toBuffer();
          continue;
        }
        const value: unknown =
          part.type === 'file'
            ? { filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() }
            : part.value;
        const previous: unknown = body[part.fieldname];
        body[part.fieldname] =
          previous === undefined
            ? value
            : [...(Array.isArray(previous) ? (previous as unknown[]) : [previous]), value];
      }
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 413) {
        throw new AppError(413, 'Arquivo grande demais.');
      }
      throw new AppError(400, 'Formulário inválido.');
    }
    request.body = body;
  });
});
