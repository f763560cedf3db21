import {
  answerQuestionBody,
  askQuestionBody,
  badRequestResponse,
  detailResponse,
  idParam,
  moderateQuestionBody,
  questionIdParam,
  questionParams,
  questionRow,
  questionsPage,
  questionsQuery,
  unansweredQuestions,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ForumService } from './forum.service.ts';

/** The offer forum, 'Perguntas e Respostas' (docs/product.md §16). */
export const forumRoutes: FastifyPluginAsyncZod<{ forum: ForumService }> = async (
  app,
  { forum },
) => {
  const tags = ['perguntas e respostas'];
  const security = [{ bearer: [] }];

  app.get(
    '/token/:id/questions/',
    {
      schema: {
        tags,
        security,
        summary: 'Perguntas sobre um token emitido e as respostas do emissor, das mais novas',
        params: idParam,
        querystring: questionsQuery,
        response: {
          200: questionsPage,
          400: badRequestResponse,
          401: detailResponse,
          404: detailResponse,
        },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      forum.list(
        request.requireUser(),
        request.params.id,
        request.query.page,
        request.query.unanswered === 'true',
      ),
  );

  app.post(
    '/token/:id/questions/',
    {
      schema: {
        tags,
        security,
        summary: 'Faz uma pergunta pública sobre a oferta (10 por hora)',
        params: idParam,
        body: askQuestionBody,
        response: {
          201: questionRow,
          400: badRequestResponse,
          401: detailResponse,
          404: detailResponse,
          429: detailResponse,
        },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const row = await forum.ask(request.requireUser(), request.params.id, request.body.question);
      return reply.status(201).send(row);
    },
  );

  app.post(
    '/token/:id/questions/:qid/answer/',
    {
      schema: {
        tags,
        security,
        summary: 'O criador do token responde uma pergunta (uma vez)',
        params: questionParams,
        body: answerQuestionBody,
        response: {
          200: questionRow,
          400: badRequestResponse,
          401: detailResponse,
          403: detailResponse,
          404: detailResponse,
          409: detailResponse,
        },
      },
      onRequest: app.requireRole('creator'),
    },
    async (request) =>
      forum.answer(
        request.requireUser(),
        request.params.id,
        request.params.qid,
        request.body.answer,
      ),
  );

  app.get(
    '/token-issuer/unanswered-questions/',
    {
      schema: {
        tags,
        security,
        summary: 'Gestão de Tokens: perguntas sem resposta, por token do criador',
        response: { 200: unansweredQuestions, 401: detailResponse, 403: detailResponse },
      },
      onRequest: app.requireRole('creator'),
    },
    async (request) => forum.unanswered(request.requireUser()),
  );

  app.patch(
    '/admins/questions/:qid/',
    {
      schema: {
        tags,
        security,
        summary: 'Administração: oculta (ou mostra de novo) uma pergunta; registrado na auditoria',
        params: questionIdParam,
        body: moderateQuestionBody,
        response: {
          200: questionRow,
          400: badRequestResponse,
          401: detailResponse,
          403: detailResponse,
          404: detailResponse,
        },
      },
      onRequest: app.requireRole('admin'),
    },
    async (request) =>
      forum.moderate(request.requireUser(), request.params.qid, request.body.hidden),
  );
};
