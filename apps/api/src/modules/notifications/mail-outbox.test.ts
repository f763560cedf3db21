import { mailAttempts, mailOutbox, users, type Database } from '@copaiba/db';
import { createTestDatabase } from '@copaiba/db/testing';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../lib/sql-rows.ts';
import { smtpMailer } from '../../mail/mailer.ts';
import { fundWallet, register, signedIn, type SignedIn } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { enqueueMail } from './notifications.service.ts';
import { createMailSender, type MailSenderOptions } from './mail-sender.ts';
import * as repo from './mail-outbox.repo.ts';

let t: TestApp;
const options: MailSenderOptions = {
  leaseMs: 60_000,
  retryMs: 1000,
  messageIdDomain: 'copaiba.com.br',
  publicUrl: 'http://localhost:3000',
  presenter: { desistenciaDays: 5 },
};

beforeAll(async () => {
  // Retries a second after a failure, then 2 s, 4 s…: a test can wait for them.
  t = await createTestApp({ env: { MAIL_RETRY_SECONDS: '1' } });
});
afterAll(() => t.close());

const rowsOf = (ids: number[]) =>
  t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(asc(mailOutbox.id));
const attemptsOf = (id: number) =>
  t.db
    .select()
    .from(mailAttempts)
    .where(eq(mailAttempts.outboxId, id))
    .orderBy(asc(mailAttempts.attempt));
const contact = (to: string, subject: string) =>
  enqueueMail(t.db, {
    template: 'contact',
    to,
    data: { name: subject, email: 'visitante@example.com', message: `Mensagem ${subject}` },
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the mail job until `done`, at most `ms` (retries wait for their backoff). */
async function runUntil(done: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('mails not delivered in time');
    await t.app.mailOutbox.run();
    await sleep(200);
  }
}

describe('the mail server down for a while (docs/product.md §16)', () => {
  it('delivers every mail once it is back: attempts recorded, backoff doubling, same Message-ID', async () => {
    const people: SignedIn[] = [await signedIn(t), await signedIn(t), await signedIn(t)];
    await t.app.mailOutbox.run();
    const before = t.smtp.messages.length;
    await t.smtp.stop();

    // Events while it is down: deposits (always mailed), a reset link, the contact form.
    for (const [n, who] of people.entries()) await fundWallet(t, who, `${40 + n}.00`);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset/',
      payload: { email: people[0]!.email },
    });
    expect(reset.statusCode).toBe(200);
    const ids = (
      await t.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'))
        .orderBy(asc(mailOutbox.id))
    ).map((r) => r.id);
    ids.push(await contact('suporte@copaiba.test', 'Fora do ar'));
    expect(ids).toHaveLength(5);

    // Down: every attempt fails, is recorded, and waits 1 s, then 2 s.
    await t.app.mailOutbox.run();
    await runUntil(async () => (await rowsOf(ids)).every((r) => r.attempts >= 2), 10_000);
    expect(t.smtp.messages.length).toBe(before);
    for (const row of await rowsOf(ids)) {
      expect(row).toMatchObject({ status: 'pending', lockedUntil: null });
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      const attempts = await attemptsOf(row.id);
      expect(attempts.length).toBe(row.attempts);
      expect(attempts.every((a) => a.outcome === 'failed' && a.error && a.finishedAt)).toBe(true);
    }
    const [{ attempts, wait }] = (await sqlRows<{ attempts: number; wait: number }>(
      t.db,
      sql`select o.attempts, extract(epoch from o.next_attempt_at - a.finished_at)::float8 as wait
          from mail_outbox o join mail_attempts a on a.outbox_id = o.id and a.attempt = o.attempts
          where o.id = ${ids[0]!}`,
    )) as [{ attempts: number; wait: number }];
    expect(wait).toBeCloseTo(2 ** (attempts - 1), 0);

    await t.smtp.start();
    await runUntil(async () => (await rowsOf(ids)).every((r) => r.status === 'sent'));
    const arrived = t.smtp.messages.slice(before);
    expect(arrived).toHaveLength(5);
    const rows = await rowsOf(ids);
    expect(new Set(arrived.map((m) => m.messageId))).toEqual(
      new Set(rows.map((r) => `<${r.messageKey}@copaiba.com.br>`)),
    );
    for (const row of rows) {
      const attempts = await attemptsOf(row.id);
      expect(attempts.at(-1)).toMatchObject({ outcome: 'sent', error: null });
      expect(attempts.slice(0, -1).every((a) => a.outcome === 'failed')).toBe(true);
    }
    // The reset link and the contact form's text left the rows with the mails (docs/SECURITY.md).
    const resetRow = rows.find((r) => r.template === 'password_reset')!;
    expect(resetRow.data).toEqual({ ttl_minutes: 60 });
    expect(rows.find((r) => r.template === 'contact')!.data).toEqual({});
    const resetMail = arrived.find((m) => m.subject === 'Redefinição de senha Copaíba')!;
    expect(resetMail.text).toMatch(/\/change-password\?token=/);
  });
});

/**
 * Senders on a database of their own, which no app listens to: each test decides exactly which
 * sender runs when.
 */
describe('senders on their own database', () => {
  let own: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  beforeAll(async () => {
    own = await createTestDatabase();
    db = own.db;
  });
  afterAll(() => own.close());

  const sender = (transport = smtpMailer(t.smtp.url, 'Copaíba <nao-responda@copaiba.com.br>')) =>
    createMailSender({ db, transport, log: t.app.log, options });
  const ownRows = (ids: number[]) =>
    db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(asc(mailOutbox.id));
  const ownAttempts = (id: number) =>
    db
      .select()
      .from(mailAttempts)
      .where(eq(mailAttempts.outboxId, id))
      .orderBy(asc(mailAttempts.attempt));

  it('several at once send each mail exactly once: rows are claimed with SKIP LOCKED and a lease', async () => {
    const senders = [sender(), sender(), sender()];
    const to = 'concorrencia@copaiba.test';
    const ids = await db.transaction(async (tx) => {
      const created: number[] = [];
      for (let n = 0; n < 30; n++)
        created.push(
          await enqueueMail(tx, {
            template: 'contact',
            to,
            data: { name: `Pessoa ${n}`, email: 'v@example.com', message: 'Oi' },
          }),
        );
      return created;
    });
    const reports = await Promise.all(senders.map((s) => s.run()));
    expect((await ownRows(ids)).every((r) => r.status === 'sent')).toBe(true);
    const subjects = t.smtp.messages
      .filter((m) => [m.to].flat().some((a) => a?.value.some((v) => v.address === to)))
      .map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
    for (const row of await ownRows(ids)) expect(row.attempts).toBe(1);
    await Promise.all(senders.map((s) => s.stop()));
  });

  it('leaves a row another sender leased until its lease expires', async () => {
    const id = await enqueueMail(db, {
      template: 'contact',
      to: 'arrendada@copaiba.test',
      data: { name: 'Arrendada', email: 'v@example.com', message: 'Oi' },
    });
    // Another process claims it (and, say, is still sending).
    const claimed = await repo.claimNext(db, 60_000);
    expect(claimed?.id).toBe(id);
    const mine = sender();
    expect((await mine.run()).sent).toBe(0);
    expect(t.smtp.countTo('arrendada@copaiba.test')).toBe(0);
    // Its lease runs out (the process died): the next run sends it.
    await db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect((await mine.run()).sent).toBe(1);
    expect(t.smtp.countTo('arrendada@copaiba.test')).toBe(1);
    expect((await ownAttempts(id)).map((a) => a.outcome)).toEqual([null, 'sent']);
    await mine.stop();
  });

  it('gives a mail up after days of failures, logging an error, its secrets dropped', async () => {
    const errors: unknown[] = [];
    const log = { ...t.app.log, error: (...args: unknown[]) => errors.push(args), warn: () => {} };
    const failing = createMailSender({
      db,
      transport: {
        send: () => Promise.reject(new Error('550 mailbox unavailable')),
        close: () => undefined,
      },
      log,
      options,
    });
    const [user] = await db
      .insert(users)
      .values({ name: 'Ana Souza', email: 'ana@example.com', passwordHash: 'x' })
      .returning({ id: users.id });
    const id = await enqueueMail(db, {
      template: 'confirmation',
      userId: user!.id,
      data: { code: '123456', ttl_hours: 24 },
    });
    // A day of failures: retried.
    await db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(mailOutbox.id, id));
    expect(await failing.run()).toMatchObject({ failed: 1, gaveUp: 0 });
    expect((await ownRows([id]))[0]).toMatchObject({ status: 'pending', data: { code: '123456' } });
    // Written four days ago and never delivered: given up.
    await db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '4 days'`, nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    expect(await failing.run()).toMatchObject({ failed: 0, gaveUp: 1 });
    const [row] = await ownRows([id]);
    expect(row).toMatchObject({ status: 'failed', lastError: '550 mailbox unavailable' });
    expect(row!.data).toEqual({ ttl_hours: 24 });
    expect(errors).toHaveLength(1);
    expect((await ownAttempts(id)).map((a) => a.outcome)).toEqual(['failed', 'failed']);
    await failing.stop();
  });

  it('takes a confirmation code before older mails', async () => {
    const older = [];
    for (let n = 0; n < 3; n++)
      older.push(
        await enqueueMail(db, {
          template: 'contact',
          to: 'fila@copaiba.test',
          data: { name: `Fila ${n}`, email: 'v@example.com', message: 'Oi' },
        }),
      );
    const [user] = await db
      .insert(users)
      .values({ name: 'Bia Lima', email: 'bia@example.com', passwordHash: 'x' })
      .returning({ id: users.id });
    const code = await enqueueMail(db, {
      template: 'confirmation',
      userId: user!.id,
      data: { code: '111222', ttl_hours: 24 },
    });
    expect((await repo.claimNext(db, 60_000))?.id).toBe(code);
    expect((await repo.claimNext(db, 60_000))?.id).toBe(older[0]);
  });

  it('claims from a backlog of 20,000 receipts through its index: no sort, no sequential scan', async () => {
    // A closing offer's buyers, all due: before the claim index each claim sorted them all.
    await db.execute(sql`
      insert into mail_outbox (template, to_address, data)
      select 'contact', 'fila' || n || '@copaiba.test', '{}'::jsonb from generate_series(1, 20000) n`);
    await db.execute(sql`analyze mail_outbox`);
    const statements: Array<{ sql: string; params: unknown[] }> = [];
    const client = (db as unknown as { $client: pg.Pool }).$client;
    const logging = drizzle(client, {
      logger: { logQuery: (text, params) => statements.push({ sql: text, params }) },
    }) as unknown as Database;
    const claimed = await repo.claimNext(logging, 60_000);
    expect(claimed).not.toBeNull();
    const select = statements.find((s) => /^select .* for update skip locked$/i.test(s.sql))!;
    const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `explain (format json) ${select.sql}`,
      select.params,
    );
    const nodes = nodesOf(rows[0]!['QUERY PLAN'][0]!.Plan);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(nodes.map((n) => n['Index Name'])).toContain('mail_outbox_claim_idx');
  });
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('what never leaves', () => {
  it('drops a mail to a closed account, with its code', async () => {
    const { body } = await register(t);
    await t.app.mailOutbox.run();
    const [user] = await sqlRows<{ id: string }>(
      t.db,
      sql`select id from users where email = ${body.email}`,
    );
    await t.db.execute(sql`update users set closed_at = now() where id = ${user!.id}`);
    const id = await enqueueMail(t.db, {
      template: 'confirmation',
      userId: Number(user!.id),
      data: { code: '654321', ttl_hours: 24 },
    });
    await runUntil(async () => (await rowsOf([id]))[0]!.status !== 'pending');
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: 'cancelled', data: { ttl_hours: 24 } });
    expect(t.smtp.messages.some((m) => m.text?.includes('654321'))).toBe(false);
  });

  it('keeps no confirmation code in the outbox once it is mailed', async () => {
    const { body } = await register(t);
    const mail = await t.smtp.waitFor(body.email);
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
    await runUntil(async () => {
      const [row] = await sqlRows<{ status: string }>(
        t.db,
        sql`select o.status from mail_outbox o join users u on u.id = o.user_id
            where u.email = ${body.email} and o.template = 'confirmation'`,
      );
      return row?.status === 'sent';
    });
    const dump = await sqlRows(t.db, sql`select data::text as d from mail_outbox`);
    expect(JSON.stringify(dump)).not.toContain(code);
  });
});
