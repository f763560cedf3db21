import { Writable } from 'node:stream';
import { adminAuditLog, tokenIssuers, users } from '@copaiba/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRedaction } from '../../lib/log-redaction.ts';
import { sqlRows } from '../../lib/sql-rows.ts';
import {
  codeFrom,
  confirmedUser,
  expectStatus,
  issuerForm,
  register,
  send,
  signedIn,
  userIdOf,
  validCpf,
} from '../../testing/fixtures.ts';
import { testIdentity } from '../../testing/test-keys.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** Every line the app logs, at every level. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'trace', ...logRedaction, stream: logStream } });
  t.clock.now = new Date('2026-11-22T12:00:00Z');
});
afterAll(() => t.close());

/** A CPF, its masked form, a birth date and an issuer phone that appear nowhere else. */
const CPF = validCpf();
const BIRTH_DATE = '1987-06-23';
const formattedCpf = `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`;
const masked = `***.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-**`;

describe('identity data at rest', () => {
  let person: { email: string; access: string };
  let personId: number;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    const body = await confirmedUser(t, { cpf_cnpj: formattedCpf, birth_date: BIRTH_DATE });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/common/',
      payload: { email: body.email, password: body.password, captcha: await t.captcha() },
    });
    person = { email: body.email, access: expectStatus(login, 200, 'login').json().access };
    personId = await userIdOf(t, person);
    admin = await signedIn(t, { admin: true });
  });

  it('stores the CPF and the birth date sealed, with a keyed hash, and shows them to their owner', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.id, personId));
    expect(row).toMatchObject({ cpfCnpj: null, birthDate: null });
    expect(row!.cpfCnpjEnc).not.toContain(CPF);
    expect(row!.birthDateEnc).not.toContain(BIRTH_DATE);
    expect(testIdentity.open(row!.cpfCnpjEnc!)).toBe(CPF);
    expect(testIdentity.open(row!.birthDateEnc!)).toBe(BIRTH_DATE);
    expect(row!.cpfCnpjHash).toBe(testIdentity.cpfCnpjHash(CPF));
    // Sealing twice gives two different texts (a fresh IV each time): nothing to compare rows by.
    expect(testIdentity.seal(CPF)).not.toBe(testIdentity.seal(CPF));

    const me = (await send(t, 'GET', '/api/user/', person.access)).json();
    expect(me).toMatchObject({ cpf_cnpj: CPF, birth_date: BIRTH_DATE });
  });

  it('keeps one account per CPF, however it is typed and however close the registrations come', async () => {
    const taken = await register(t, { cpf_cnpj: CPF });
    expect(taken.res.json()).toEqual({ cpf_cnpj: ['Já existe uma conta com este CPF ou CNPJ.'] });

    const cpf = validCpf();
    const both = await Promise.all([
      register(t, { cpf_cnpj: cpf }),
      register(t, { cpf_cnpj: cpf }),
    ]);
    expect(both.map((r) => r.res.statusCode).sort()).toEqual([201, 400]);
    expect(both.find((r) => r.res.statusCode === 400)!.res.json()).toEqual({
      cpf_cnpj: ['Já existe uma conta com este CPF ou CNPJ.'],
    });
  });

  it('masks the CPF in the admin lists, shows it in full in the detail, and audits each opening', async () => {
    const issuer = await send(
      t,
      'POST',
      '/api/token-issuer/',
      person.access,
      await issuerForm(t, '60.701.190/0001-04'),
    );
    expectStatus(issuer, 201, 'Seja Emissor');
    const list = await send(t, 'GET', '/api/admins/list/creators/', admin.access);
    expect(list.body).not.toContain(CPF);
    const row = list.json().results.find((r: { id: number }) => r.id === personId);
    expect(row.cpf_cnpj).toBe(masked);
    const management = await send(t, 'GET', `/api/admins/detail/creator/${personId}`, admin.access);
    expect(management.json().creator.cpf_cnpj).toBe(masked);

    const detail = await send(t, 'GET', `/api/admins/creator/${personId}/user/`, admin.access);
    expect(detail.json()).toMatchObject({ cpf_cnpj: CPF, birth_date: BIRTH_DATE });
    const audits = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'view_identity'), eq(adminAuditLog.targetId, personId)));
    expect(audits).toEqual([
      expect.objectContaining({
        actorId: await userIdOf(t, admin),
        targetType: 'user',
        before: null,
        after: null,
      }),
    ]);
    const log = await send(t, 'GET', '/api/admins/audit-log/', admin.access);
    expect(log.json().results[0]).toMatchObject({ action: 'view_identity', target_id: personId });
    expect(log.body).not.toContain(CPF);
  });

  it("seals the issuer's phone and still answers it as before", async () => {
    const [issuer] = await t.db
      .select()
      .from(tokenIssuers)
      .where(eq(tokenIssuers.userId, personId));
    expect(issuer!.phone).toBeNull();
    expect(testIdentity.open(issuer!.phoneEnc!)).toBe('5591999990000');
    const info = await send(t, 'GET', `/api/admins/creator/${personId}/issuer/`, admin.access);
    expect(info.json().phone).toBe('5591999990000');
  });

  it('leaves no CPF, birth date or phone in clear in a dump of the database', async () => {
    // Every row of every table as text, as a dump writes them; through SQL, since the machine's
    // pg_dump may be older than the run's PostgreSQL, or absent (docs/SECURITY.md, "Privileged
    // accounts and sessions").
    const tables = await sqlRows<{ name: string; rows: string }>(
      t.db,
      sql`
      SELECT table_schema || '.' || table_name AS name,
             query_to_xml(format('SELECT * FROM %I.%I', table_schema, table_name), true, false, '')::text AS rows
        FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const dump = tables.map((table) => `-- ${table.name}\n${table.rows}`).join('\n');
    expect(dump).toContain('-- public.users\n');
    expect(dump).toContain(person.email);
    for (const clear of [CPF, formattedCpf, BIRTH_DATE, '5591999990000', '9 9999-0000'])
      expect(dump.includes(clear), `${clear} in the dump`).toBe(false);
    expect(dump).not.toMatch(/\b\d{11}\b.*@example\.com/);
  });

  it('never logs identity data, and redacts it wherever a log line would carry it', async () => {
    // What the flows above logged: requests, answers, the mail job; at trace level.
    const text = logLines.join('');
    expect(text.length).toBeGreaterThan(1000);
    for (const clear of [CPF, formattedCpf, BIRTH_DATE, '5591999990000'])
      expect(text.includes(clear), `${clear} in the log`).toBe(false);

    const before = logLines.length;
    t.app.log.info(
      {
        cpf_cnpj: CPF,
        body: { birth_date: BIRTH_DATE, code: '123456', password: 'Floresta2026!' },
        issuer: { contact: { phone: '5591999990000' } },
        err: { code: '23505', params: [CPF] },
      },
      'a handler that logs more than it should',
    );
    const line = JSON.parse(logLines.slice(before).join(''));
    expect(line).toMatchObject({
      cpf_cnpj: '[oculto]',
      body: { birth_date: '[oculto]', code: '[oculto]', password: '[oculto]' },
      issuer: { contact: { phone: '[oculto]' } },
      // An error's own code still says what failed.
      err: { code: '23505', params: '[oculto]' },
    });
  });

  it('mails no identity data either', async () => {
    const mine = t.smtp.messages.filter((m) =>
      [m.to].flat().some((a) => a?.text.includes(person.email)),
    );
    // The confirmation code, at least.
    expect(codeFrom(mine[0]!.text)).toMatch(/^\d{6}$/);
    for (const mail of mine)
      for (const clear of [CPF, formattedCpf, BIRTH_DATE]) {
        expect(mail.text).not.toContain(clear);
        expect(String(mail.html)).not.toContain(clear);
      }
  });
});
