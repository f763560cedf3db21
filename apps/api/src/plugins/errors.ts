import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDatabaseUnavailable, TEMPORARILY_UNAVAILABLE } from '../lib/app-error.ts';

const GENERIC_5XX = 'Erro interno. Tente novamente mais tarde.';

/**
 * SQLSTATEs that only the request's own text causes (a NUL byte, which PostgreSQL cannot store in
 * text): the request is wrong, not the server.
 */
const INPUT_TEXT_SQLSTATES = new Set(['22021', '22P05']);
function isInputTextError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (typeof e.code === 'string' && INPUT_TEXT_SQLSTATES.has(e.code)) return true;
  return false;
}

/** Renders every error as the DRF-style body of docs/product.md §7; 5xx bodies never carry internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Error bodies are documented per route but never depend on the success serializer.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'app error');
      return reply.status(error.status).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id or page that is not one names nothing: 404, as DRF answers.
      const pageOnly = error.validation.every((i) => i.instancePath === '/page');
      if (
        error.validationContext === 'params' ||
        (error.validationContext === 'querystring' && pageOnly)
      ) {
        return reply
          .status(404)
          .send({ detail: error.validation[0]?.message ?? 'Não encontrado.' });
      }
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.split('/').filter(Boolean);
        const field =
          path[0] ?? (error.validationContext === 'body' ? 'non_field_errors' : 'detail');
        (fields[field] ??= []).push(issue.message ?? 'Valor inválido.');
      }
      return reply.status(400).send(fields);
    }
    if (isInputTextError(error)) {
      return reply.status(400).send({ detail: 'Requisição inválida: caractere não permitido.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ detail: TEMPORARILY_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ detail: GENERIC_5XX });
    }
    return reply.status(status).send({ detail: clientErrorMessage(error, status) });
  });
});

/**
 * For the `frameworkErrors` option of the Fastify constructor: the router meets a path that is not
 * valid percent-encoding (or a too-long path parameter) before any hook or error handler runs, and
 * without this answers with its own body, naming its error code and echoing the path.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ detail: 'Endereço inválido.' }));
}

/** pt-BR text for the framework's own 4xx (bad JSON, wrong content type, body too large…). */
function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'JSON malformado.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Tipo de conteúdo não suportado.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'Conteúdo grande demais.';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return 'Formulário inválido.';
    default:
      return status === 404
        ? 'Não encontrado.'
        : status === 405
          ? 'Método não permitido.'
          : 'Requisição inválida.';
  }
}
