import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@copaiba/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ApiProcess } from '../../soak/api-process.ts';
import { freePort } from '../../testing/free-port.ts';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';

/*
 * docs/DECISIONS.md, mail outbox: a process killed after the SMTP server accepted a mail and before
 * it marked the row sent. The real server process (as `npm run serve` runs it, through tsx) is
 * SIGKILLed at exactly that moment: the test holds the row's lock while the sink accepts the
 * mail, so the process's "sent" update waits, and kills it there.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sink: SmtpSink;
let api: ApiProcess;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  api = new ApiProcess(await freePort(), {
    NODE_ENV: 'production',
    PIX_PROVIDER: 'sandbox',
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: sink.url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'fatal',
    CHAIN_MODE: 'off',
    WEB_DIST_DIR: '/nonexistent',
    JOBS_INTERVAL_SECONDS: '1',
    MAIL_LEASE_SECONDS: '2',
  });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, 120_000);
afterAll(async () => {
  await api?.kill();
  await client?.end();
  await sink?.close();
  await database?.close();
});

const row = async (id: number) =>
  (
    await client.query<{ status: string; attempts: number; message_key: string }>(
      'select status, attempts, message_key from mail_outbox where id = $1',
      [id],
    )
  ).rows[0]!;
const outcomes = async (id: number) =>
  (
    await client.query<{ outcome: string | null }>(
      'select outcome from mail_attempts where outbox_id = $1 order by attempt',
      [id],
    )
  ).rows.map((r) => r.outcome);

it(
  'sends the mail again after the lease, once: two copies with one Message-ID',
  { timeout: 120_000 },
  async () => {
    await api.start();
    const to = 'queda@copaiba.test';
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    let id = 0;
    let known!: () => void;
    const idKnown = new Promise<void>((resolve) => (known = resolve));
    let held = false;
    sink.beforeAccept = async () => {
      if (held) return;
      held = true;
      await idKnown;
      // The sender claimed the row in a committed transaction before it started sending: the row is
      // free to lock now, and its "sent" update will wait for this lock.
      await holder.query('begin');
      await holder.query('select 1 from mail_outbox where id = $1 for update', [id]);
    };

    const enqueued = await client.query<{ id: string }>(
      `select mail_enqueue('contact', null, $1, '{"name": "Queda", "email": "v@example.com", "message": "Oi"}'::jsonb, null) as id`,
      [to],
    );
    id = Number(enqueued.rows[0]!.id);
    known();

    // Accepted by the SMTP server; the process is now waiting to mark it sent.
    await vi.waitFor(() => expect(sink.countTo(to)).toBe(1), { timeout: 30_000 });
    await vi.waitFor(
      async () => {
        const waiting = await client.query(
          `select 1 from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'
           and query ilike 'update "mail_outbox"%'`,
        );
        expect(waiting.rowCount).toBe(1);
      },
      { timeout: 10_000 },
    );
    await api.kill();
    await holder.query('rollback');
    await holder.end();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });
    // The killed attempt has no outcome: its process died while sending.
    expect(await outcomes(id)).toEqual([null]);

    // Another process (the same one started again) takes the row once the lease has run out.
    await api.start();
    await vi.waitFor(async () => expect((await row(id)).status).toBe('sent'), {
      timeout: 30_000,
      interval: 250,
    });
    expect(await row(id)).toMatchObject({ attempts: 2 });
    expect(await outcomes(id)).toEqual([null, 'sent']);
    const copies = sink.messages.filter((m) =>
      [m.to].flat().some((a) => a?.value.some((v) => v.address === to)),
    );
    // At least once, and at most one extra copy for the one crash; clients drop it by Message-ID.
    expect(copies).toHaveLength(2);
    const messageId = `<${(await row(id)).message_key}@copaiba.com.br>`;
    expect(copies.map((m) => m.messageId)).toEqual([messageId, messageId]);
    // Nothing more arrives later.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(sink.countTo(to)).toBe(2);
  },
);
