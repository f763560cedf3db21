import {
  badRequestResponse,
  contactBody,
  detailResponse,
  messageResponse,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';

export const SUPPORT_SENT = 'Mensagem enviada! Nossa equipe responderá no seu e-mail em breve.';

/** The contact form: mailed (through the outbox) to the support inbox, replying to the visitor. */
export const supportRoutes: FastifyPluginAsyncZod<{
  mailOutbox: Pick<NotificationsService, 'enqueueMail'>;
  captcha: CaptchaService;
  supportEmail: string;
}> = async (app, { mailOutbox, captcha, supportEmail }) => {
  app.post(
    '/support/send-email/',
    {
      schema: {
        tags: ['suporte'],
        summary: 'Envia uma mensagem ao suporte',
        body: contactBody,
        response: { 200: messageResponse, 400: badRequestResponse, 429: detailResponse },
      },
      config: { rateLimit: app.rateLimits.mail },
    },
    async (request) => {
      const { name, email, message } = request.body;
      await captcha.verify(request.body.captcha);
      await mailOutbox.enqueueMail({
        template: 'contact',
        to: supportEmail,
        data: { name, email, message },
      });
      return { message: SUPPORT_SENT };
    },
  );
};
