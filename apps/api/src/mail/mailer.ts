import { devOutbox, type Database } from '@copaiba/db';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { FastifyBaseLogger } from 'fastify';

/** What a mail says: its templates (templates.ts) build it. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mail extends MailContent {
  to: string;
  /** `<…@…>`, the same on every attempt to send one outbox row, so duplicates are recognisable. */
  messageId?: string;
}

/** How the mail job delivers a mail; a thrown error is a failed attempt, retried later. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when SMTP_URL is set, over a few kept-open connections (the mail job sends that many
 * at once; servers make each new connection wait). The timeouts keep one attempt well inside the
 * mail job's lease (MAIL_LEASE_SECONDS), so no other process takes a row over while it is sent.
 */
export function smtpMailer(smtpUrl: string, from: string, connections = 4): Mailer {
  const transport = nodemailer.createTransport(
    new SMTPPool({
      url: smtpUrl,
      pool: true,
      maxConnections: connections,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    }),
  );
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
      const headers: Record<string, string> = {
        ...(mail.replyTo ? { 'reply-to': mail.replyTo } : {}),
        ...(mail.messageId ? { 'message-id': mail.messageId } : {}),
      };
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
