import {
  badRequestResponse,
  detailResponse,
  markReadBody,
  notificationPreferences,
  notificationsPage,
  pageQuery,
  unreadResponse,
  updatePreferencesBody,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsService } from './notifications.service.ts';

/** The notification centre (docs/product.md §16): each user's own notifications and preferences. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  const tags = ['notificações'];
  const security = [{ bearer: [] }];

  app.get(
    '/notifications/',
    {
      schema: {
        tags,
        security,
        summary: 'As notificações do usuário, das mais novas, e quantas não foram lidas',
        querystring: pageQuery,
        response: { 200: notificationsPage, 401: detailResponse, 404: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => notifications.list(request.requireUser(), request.query.page),
  );

  app.post(
    '/notifications/read/',
    {
      schema: {
        tags,
        security,
        summary: 'Marca notificações como lidas: {ids} ou {all: true}',
        body: markReadBody,
        response: { 200: unreadResponse, 400: badRequestResponse, 401: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => notifications.markRead(request.requireUser(), request.body),
  );

  app.get(
    '/notifications/preferences/',
    {
      schema: {
        tags,
        security,
        summary: 'Quais avisos chegam por e-mail, por tipo',
        response: { 200: notificationPreferences, 401: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => notifications.preferences(request.requireUser()),
  );

  app.put(
    '/notifications/preferences/',
    {
      schema: {
        tags,
        security,
        summary:
          'Liga ou desliga o e-mail de tipos de aviso; recibos de dinheiro e de segurança são sempre enviados',
        body: updatePreferencesBody,
        response: { 200: notificationPreferences, 400: badRequestResponse, 401: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => notifications.updatePreferences(request.requireUser(), request.body),
  );
};
