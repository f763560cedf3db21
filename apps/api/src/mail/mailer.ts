import { devOutbox, type Database } from '@copaiba/db';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Real SMTP when SMTP_URL is set. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP (development only): mails are logged and kept in the dev outbox table. */
export function outboxMailer(db: Database, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      const headers: Record<string, string> = mail.replyTo ? { 'reply-to': mail.replyTo } : {};
      await db
        .insert(devOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers });
      log.info(
        { to: mail.to, subject: mail.subject },
        'mail kept in the dev outbox (GET /api/dev/outbox/)',
      );
    },
    close: () => undefined,
  };
}
