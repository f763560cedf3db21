import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const GENERIC_5XX = 'Erro interno. Tente novamente mais tarde.';

/** Renders every error as the DRF-style body of PRODUCT.md §2; 5xx bodies never carry internals. */
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
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ detail: GENERIC_5XX });
    }
    return reply.status(status).send({ detail: clientErrorMessage(error, status) });
  });
});

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
