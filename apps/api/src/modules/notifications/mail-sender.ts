import { isAlwaysMailed, NOTIFICATION_KINDS, type NotificationKind } from '@copaiba/contracts';
import type { Database, DatabaseHandle, Unlisten } from '@copaiba/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Mail, MailContent, Mailer } from '../../mail/mailer.ts';
import {
  confirmationMail,
  notificationMail,
  passwordResetMail,
  supportMail,
} from '../../mail/templates.ts';
import * as repo from './mail-outbox.repo.ts';
import { presentNotification, type PresenterContext } from './notification-presenter.ts';

/** Where mail_enqueue announces, after commit, that the outbox has a new row. */
const CHANNEL = 'copaiba_mail';
const RETRY_CAP_MS = 60 * 60_000;
/** A mail still failing this long after it was written is given up (and logged as an error). */
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;
/** Rows one run sends at most; the next run (a wake-up or the job) goes on. */
const MAX_PER_RUN = 500;
/** Mails one process sends at once (each claims its own row): a burst does not queue behind one. */
const CONCURRENCY = 4;

/** Data a template's row no longer keeps once the mail is sent or dropped (docs/SECURITY.md). */
const SECRET_KEYS: Record<string, readonly string[]> = {
  confirmation: ['code'],
  password_reset: ['link'],
  contact: ['name', 'email', 'message'],
};

export interface MailRunReport {
  sent: number;
  failed: number;
  cancelled: number;
  gaveUp: number;
}

export interface MailSenderOptions {
  /** How long a claimed row is held while it is sent (MAIL_LEASE_SECONDS). */
  leaseMs: number;
  /** The first retry's wait; each further one doubles, up to an hour (MAIL_RETRY_SECONDS). */
  retryMs: number;
  /** For the Message-ID, `<message_key@domain>`. */
  messageIdDomain: string;
  publicUrl: string;
  presenter: PresenterContext;
}

/** The pt-BR mail of an outbox row, rendered now from its template and data. */
export function renderOutboxMail(
  row: Pick<repo.OutboxRow, 'template' | 'data'>,
  recipientName: string,
  options: Pick<MailSenderOptions, 'publicUrl' | 'presenter'>,
): MailContent {
  const d = row.data as Record<string, never>;
  switch (row.template) {
    case 'confirmation':
      return confirmationMail(recipientName, String(d.code), Number(d.ttl_hours));
    case 'password_reset':
      return passwordResetMail(recipientName, String(d.link), Number(d.ttl_minutes));
    case 'contact':
      return supportMail({
        name: String(d.name),
        email: String(d.email),
        message: String(d.message),
      });
  }
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(row.template))
    throw new Error(`no mail template "${row.template}"`);
  const kind = row.template as NotificationKind;
  const n = presentNotification(kind, row.data, options.presenter);
  return notificationMail(recipientName, {
    title: n.title,
    body: n.body,
    facts: n.facts?.() ?? [],
    quotes: n.quotes?.() ?? [],
    action: n.link ? { url: `${options.publicUrl}${n.link}`, label: n.action } : null,
    preferencesUrl: isAlwaysMailed(kind) ? null : `${options.publicUrl}/notifications#preferencias`,
  });
}

const describe = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 500);

/**
 * The mail job (docs/DECISIONS.md, mail outbox): drains the outbox one row at a time. A row is
 * claimed and leased in a transaction of its own, sent over the transport with a Message-ID that
 * is the same on every attempt, then marked sent; a failure is recorded and retried with
 * exponential backoff. A process killed after the SMTP server accepted a mail and before marking
 * it leaves the lease to expire, and another sender sends it again: at least once, at most one
 * extra copy per crash, with the same Message-ID.
 */
export function createMailSender(deps: {
  db: Database;
  transport: Mailer;
  log: FastifyBaseLogger;
  options: MailSenderOptions;
}) {
  const { db, transport, log, options } = deps;
  let running: Promise<MailRunReport> | null = null;
  let again = false;
  let stopped = false;
  let unlisten: Unlisten | null = null;

  async function sendOne(report: MailRunReport): Promise<boolean> {
    const row = await repo.claimNext(db, options.leaseMs);
    if (!row) return false;
    const scrub = SECRET_KEYS[row.template] ?? [];
    const to = row.userId === null ? null : await repo.recipientOf(db, row.userId);
    if (row.userId !== null && (!to || to.closedAt)) {
      await repo.markCancelled(db, row, 'conta encerrada ou inexistente', scrub);
      report.cancelled++;
      return true;
    }
    try {
      const content = renderOutboxMail(row, to?.name ?? '', options);
      const mail: Mail = {
        ...content,
        to: to?.email ?? row.toAddress!,
        messageId: `<${row.messageKey}@${options.messageIdDomain}>`,
      };
      await transport.send(mail);
    } catch (err) {
      const retryMs = Math.min(RETRY_CAP_MS, options.retryMs * 2 ** Math.min(row.attempts - 1, 20));
      const status = await repo.markFailed(db, row, describe(err), {
        retryMs,
        giveUpAfterMs: GIVE_UP_AFTER_MS,
        scrub,
      });
      if (status === 'failed') {
        report.gaveUp++;
        log.error(
          { err, mailId: row.id, template: row.template, attempts: row.attempts },
          'mail given up after days of failed attempts',
        );
      } else {
        report.failed++;
        log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail not sent; retried later');
      }
      return true;
    }
    await repo.markSent(db, row, scrub);
    report.sent++;
    return true;
  }

  async function drain(): Promise<MailRunReport> {
    const report: MailRunReport = { sent: 0, failed: 0, cancelled: 0, gaveUp: 0 };
    let taken = 0;
    const worker = async () => {
      while (taken < MAX_PER_RUN && !stopped) {
        taken++;
        if (!(await sendOne(report))) return;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return report;
  }

  /**
   * Sends what is due now. One run at a time per process: a call during a run makes it go round
   * once more and shares its end, so a mail enqueued meanwhile is not left for the next tick.
   */
  function run(): Promise<MailRunReport> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: MailRunReport = { sent: 0, failed: 0, cancelled: 0, gaveUp: 0 };
      try {
        for (;;) {
          again = false;
          const report = await drain();
          for (const key of Object.keys(total) as Array<keyof MailRunReport>)
            total[key] += report[key];
          // Checked and cleared with no await between: a wake-up now starts a run of its own.
          if (!again || stopped) {
            running = null;
            return total;
          }
        }
      } catch (err) {
        running = null;
        throw err;
      }
    })();
    return running;
  }

  const wake = () =>
    void run().catch((err: unknown) => log.error({ err }, 'mail job failed; retried later'));

  return {
    run,
    backlog: () => repo.mailBacklog(db),
    /** Wakes this process's sender whenever any process commits an outbox row. */
    async listen(database: Pick<DatabaseHandle, 'listen'>): Promise<void> {
      unlisten = await database.listen(CHANNEL, {
        notify: wake,
        // (Again) listening: what was enqueued while the connection was down is sent now.
        listening: wake,
        lost: () => undefined,
      });
    },
    /** Stops listening and waits for the run in progress (its current mail finishes). */
    async stop(): Promise<void> {
      stopped = true;
      await unlisten?.();
      await running?.catch(() => undefined);
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail job: tests run it now (`run`) instead of waiting for a wake-up or the timer. */
    mailOutbox: Pick<MailSender, 'run'>;
  }
}

/** The domain of a Message-ID: the sender address's (MAIL_FROM), else the site's. */
export function messageIdDomain(mailFrom: string, publicUrl: string): string {
  const fromDomain = /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1];
  return fromDomain ?? new URL(publicUrl).hostname;
}
