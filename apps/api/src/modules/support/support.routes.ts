import {
  badRequestResponse,
  contactBody,
  detailResponse,
  messageResponse,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Mailer } from '../../mail/mailer.ts';
import { supportMail } from '../../mail/templates.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';

export const SUPPORT_SENT = 'Mensagem enviada! Nossa equipe responderá no seu e-mail em breve.';

/** The contact form: mailed to the support inbox, replying to the visitor. */
export const supportRoutes: FastifyPluginAsyncZod<{
  mailer: Mailer;
  captcha: CaptchaService;
  supportEmail: string;
}> = async (app, { mailer, captcha, supportEmail }) => {
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
      await mailer.send(supportMail(supportEmail, { name, email, message }));
      return { message: SUPPORT_SENT };
    },
  );
};
