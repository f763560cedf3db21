import {
  confirmEmailBody,
  detailResponse,
  badRequestResponse,
  idParam,
  loginAnswer,
  loginBody,
  loginResponse,
  loginTwoFactorBody,
  messageResponse,
  noBody,
  passwordResetBody,
  passwordResetRequestBody,
  refreshBody,
  refreshResponse,
  registerBody,
  resendCodeBody,
  sessionItem,
  userResponse,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/request-origin.ts';
import type { AccountsService } from './accounts.service.ts';

const errors = { 400: badRequestResponse, 429: detailResponse };

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  const limits = app.rateLimits;

  app.post(
    '/account/register/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Cria uma conta (multipart ou JSON)',
        body: registerBody,
        response: { 201: messageResponse, ...errors },
      },
      config: { rateLimit: limits.register },
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.register(request.body, requestOrigin(request))),
  );

  app.put(
    '/email/confirm/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Confirma o e-mail com o código de 6 dígitos',
        body: confirmEmailBody,
        response: { 200: messageResponse, 404: detailResponse, ...errors },
      },
      config: { rateLimit: limits.confirm },
    },
    async (request) => accounts.confirmEmail(request.body),
  );

  app.post(
    '/email/resend/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Reenvia o código de confirmação',
        body: resendCodeBody,
        response: { 200: messageResponse, ...errors },
      },
      config: { rateLimit: limits.mail },
    },
    async (request) => accounts.resendConfirmation(request.body.email),
  );

  app.post(
    '/login/common/',
    {
      schema: {
        tags: ['contas'],
        summary:
          'Login com e-mail, senha e captcha; com dois fatores ativados, devolve o desafio da segunda etapa',
        body: loginBody,
        response: { 200: loginAnswer, 401: detailResponse, 403: detailResponse, ...errors },
      },
      config: { rateLimit: limits.login },
    },
    async (request) => accounts.login(request.body, requestOrigin(request)),
  );

  app.post(
    '/login/two-factor/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Segunda etapa do login: o desafio e o código do app ou um código de recuperação',
        body: loginTwoFactorBody,
        response: { 200: loginResponse, ...errors },
      },
      config: { rateLimit: limits.login },
    },
    async (request) => accounts.loginTwoFactor(request.body, requestOrigin(request)),
  );

  app.post(
    '/login/token-refresh/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Troca o refresh token por um novo par (rotação)',
        body: refreshBody,
        response: { 200: refreshResponse, 401: detailResponse, ...errors },
      },
      config: { rateLimit: limits.refresh },
    },
    async (request) => accounts.refresh(request.body.refresh, requestOrigin(request)),
  );

  app.post(
    '/logout/',
    {
      schema: { tags: ['contas'], summary: 'Encerra a sessão do refresh token', body: refreshBody },
      config: { rateLimit: limits.refresh },
    },
    async (request, reply) => {
      await accounts.logout(request.body.refresh);
      return reply.status(204).send();
    },
  );

  app.get(
    '/user/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Dados do usuário logado',
        security: [{ bearer: [] }],
        response: { 200: userResponse, 401: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => accounts.userResponse(request.requireUser()),
  );

  const security = [{ bearer: [] }];
  app.get(
    '/account/sessions/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Dispositivos conectados: as sessões abertas do usuário',
        security,
        response: { 200: z.array(sessionItem), 401: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => accounts.sessions(request.requireUser(), request.sessionId),
  );

  app.delete(
    '/account/sessions/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Encerra todas as sessões do usuário, menos a atual (204)',
        security,
        body: noBody,
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await accounts.endOtherSessions(request.requireUser(), request.sessionId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/account/sessions/:id/',
    {
      schema: {
        tags: ['contas'],
        summary:
          'Encerra uma sessão do usuário (204): o refresh token dela deixa de valer na hora; 404 para a de outra pessoa',
        security,
        params: idParam,
        body: noBody,
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await accounts.endSession(request.requireUser(), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/password/reset/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Envia o link de redefinição de senha',
        body: passwordResetRequestBody,
        response: { 200: messageResponse, ...errors },
      },
      config: { rateLimit: limits.mail },
    },
    async (request) => accounts.requestPasswordReset(request.body.email),
  );

  app.put(
    '/password/reset/',
    {
      schema: {
        tags: ['contas'],
        summary: 'Redefine a senha com o código do link',
        body: passwordResetBody,
        response: { 200: messageResponse, ...errors },
      },
      config: { rateLimit: limits.confirm },
    },
    async (request) => accounts.resetPassword(request.body, requestOrigin(request)),
  );
};
