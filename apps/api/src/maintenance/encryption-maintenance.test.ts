import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chainWallets, sessions, tokenIssuers, users } from '@copaiba/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, seal } from '../lib/crypto-box.ts';
import { createIdentityBox } from '../lib/identity-box.ts';
import { deriveSecrets } from '../lib/secrets.ts';
import { sqlRows } from '../lib/sql-rows.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { smtpMailer } from '../mail/mailer.ts';
import {
  insertIssuer,
  insertLegacyUser,
  signedIn,
  userIdOf,
  validCpf,
} from '../testing/fixtures.ts';
import { solveCaptcha } from '../testing/solve-captcha.ts';
import { TEST_ENCRYPTION_SECRET, testIdentity } from '../testing/test-keys.ts';
import { createTestApp, generousRateLimits, type TestApp } from '../testing/test-app.ts';
import { rotateEncryptionKey, RotationError } from './rotate-encryption-key.ts';
import { sealIdentityData } from './seal-identity-data.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-22T12:00:00Z');
});
afterAll(() => t.close());

const legacyUser = (cpf: string, birthDate?: string) => insertLegacyUser(t.db, cpf, birthDate);

describe('sealing identity data left in clear (at start)', () => {
  it('seals CPF, birth date and phone in batches, empties the cleartext, and does nothing the second time', async () => {
    const cpfs = Array.from({ length: 520 }, () => validCpf());
    for (const cpf of cpfs.slice(0, 519)) await legacyUser(cpf);
    const last = await legacyUser(cpfs[519]!, '1969-12-31');
    const issuer = await insertIssuer(t.db);
    await t.db
      .update(tokenIssuers)
      .set({ phone: '5592988887777', phoneEnc: null })
      .where(eq(tokenIssuers.id, issuer.id));

    const report = await sealIdentityData(t.db, testIdentity);
    expect(report).toEqual({ users: 520, issuers: 1, duplicateCpfCnpj: [] });
    const [row] = await t.db.select().from(users).where(eq(users.id, last));
    expect(row).toMatchObject({
      cpfCnpj: null,
      birthDate: null,
      cpfCnpjHash: testIdentity.cpfCnpjHash(cpfs[519]!),
    });
    expect(testIdentity.open(row!.cpfCnpjEnc!)).toBe(cpfs[519]);
    expect(testIdentity.open(row!.birthDateEnc!)).toBe('1969-12-31');
    const [sealedIssuer] = await t.db
      .select()
      .from(tokenIssuers)
      .where(eq(tokenIssuers.id, issuer.id));
    expect(sealedIssuer!.phone).toBeNull();
    expect(testIdentity.open(sealedIssuer!.phoneEnc!)).toBe('5592988887777');
    const [clear] = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where cpf_cnpj is not null or birth_date is not null`,
    );
    expect(clear!.n).toBe(0);

    expect(await sealIdentityData(t.db, testIdentity)).toEqual({
      users: 0,
      issuers: 0,
      duplicateCpfCnpj: [],
    });
    // A person who registered with that CPF meanwhile cannot: the hash keeps it unique.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/account/register/',
      payload: {
        name: 'Outra Pessoa',
        email: 'outra@example.com',
        password: 'Floresta2026!',
        cpf_cnpj: cpfs[0],
        birth_date: '1990-01-01',
        terms_accepted: true,
        captcha: await t.captcha(),
      },
    });
    expect(taken.json()).toEqual({ cpf_cnpj: ['Já existe uma conta com este CPF ou CNPJ.'] });
  });

  it('seals a CPF another account already holds without its hash, and reports it', async () => {
    const cpf = validCpf();
    const first = await legacyUser(cpf);
    await sealIdentityData(t.db, testIdentity);
    const second = await legacyUser(cpf);
    const report = await sealIdentityData(t.db, testIdentity);
    expect(report.duplicateCpfCnpj).toEqual([second]);
    const rows = await t.db
      .select({
        id: users.id,
        hash: users.cpfCnpjHash,
        enc: users.cpfCnpjEnc,
        clear: users.cpfCnpj,
      })
      .from(users)
      .where(sql`${users.id} in (${first}, ${second})`)
      .orderBy(users.id);
    expect(rows.map((r) => [r.id, r.hash !== null, r.clear])).toEqual([
      [first, true, null],
      [second, false, null],
    ]);
    expect(rows.every((r) => testIdentity.open(r.enc!) === cpf)).toBe(true);
  });
});

describe('rotating ENCRYPTION_KEY', () => {
  const oldKeys = deriveSecrets('unused', TEST_ENCRYPTION_SECRET);
  const newSecret = randomBytes(32).toString('hex');
  const newKeys = deriveSecrets('unused', newSecret);
  const newIdentity = createIdentityBox(newKeys);

  it('re-encrypts TOTP secrets, identity data with its hash, phones and custodied keys; a second run changes nothing', async () => {
    const person = await signedIn(t, { creator: true });
    const id = await userIdOf(t, person);
    const phoneIssuer = await insertIssuer(t.db);
    await t.db.insert(chainWallets).values({
      userId: id,
      address: `0x${randomBytes(20).toString('hex')}`,
      sealedKey: seal(oldKeys.encryptionKey, '0xprivate-key-of-the-person'),
    });
    const [before] = await t.db.select().from(users).where(eq(users.id, id));
    const cpf = testIdentity.open(before!.cpfCnpjEnc!);

    const first = await rotateEncryptionKey(t.db, oldKeys, newKeys);
    expect(first.columns['users.totp_secret_enc']!.rotated).toBeGreaterThan(0);
    expect(first.columns['users.cpf_cnpj_enc']!.rotated).toBeGreaterThan(0);
    expect(first.columns['chain_wallets.sealed_key']).toEqual({ rotated: 1, alreadyNew: 0 });
    expect(first.sessionsEnded).toBeGreaterThan(0);

    const [after] = await t.db.select().from(users).where(eq(users.id, id));
    expect(() => testIdentity.open(after!.cpfCnpjEnc!)).toThrow();
    expect(newIdentity.open(after!.cpfCnpjEnc!)).toBe(cpf);
    expect(after!.cpfCnpjHash).toBe(newIdentity.cpfCnpjHash(cpf));
    expect(newIdentity.open(after!.birthDateEnc!)).toBe('1990-03-15');
    expect(open(newKeys.encryptionKey, after!.totpSecretEnc!)).toBe(
      open(oldKeys.encryptionKey, before!.totpSecretEnc!),
    );
    const [wallet] = await t.db.select().from(chainWallets).where(eq(chainWallets.userId, id));
    expect(open(newKeys.encryptionKey, wallet!.sealedKey)).toBe('0xprivate-key-of-the-person');
    const [issuerRow] = await t.db
      .select()
      .from(tokenIssuers)
      .where(eq(tokenIssuers.id, phoneIssuer.id));
    expect(newIdentity.open(issuerRow!.phoneEnc!)).toBe('5591999990000');
    // Refresh tokens were keyed by the old key: every session is over.
    const ended = await t.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(ended.every((s) => s.endedAt !== null)).toBe(true);

    const second = await rotateEncryptionKey(t.db, oldKeys, newKeys);
    for (const [column, tally] of Object.entries(second.columns))
      expect(tally.rotated, column).toBe(0);
    expect(second.columns['users.cpf_cnpj_enc']!.alreadyNew).toBe(
      first.columns['users.cpf_cnpj_enc']!.rotated +
        first.columns['users.cpf_cnpj_enc']!.alreadyNew,
    );
  });

  it('stops at a value neither key opens, naming its row', async () => {
    const id = await legacyUser(validCpf());
    await t.db
      .update(users)
      .set({ birthDateEnc: seal(randomBytes(32), '1990-01-01') })
      .where(eq(users.id, id));
    await expect(rotateEncryptionKey(t.db, oldKeys, newKeys)).rejects.toThrow(
      new RotationError(
        `users.birth_date_enc of id ${id} opens with neither key: is OLD_ENCRYPTION_KEY right?`,
      ),
    );
    await t.db.update(users).set({ birthDateEnc: null }).where(eq(users.id, id));
  });

  it('as `npm run rotate-encryption-key`: a server started with the new key serves what the old one sealed', async () => {
    const admin = await signedIn(t, { admin: true });
    // Sealed by the test app, with the test key: bring it where the rest of the database is.
    await rotateEncryptionKey(t.db, oldKeys, newKeys);
    const thirdSecret = randomBytes(32).toString('hex');
    const run = await promisify(execFile)('npm', ['run', '--silent', 'rotate-encryption-key'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: t.database.url,
        OLD_ENCRYPTION_KEY: newSecret,
        ENCRYPTION_KEY: thirdSecret,
      },
    });
    expect(run.stdout).toMatch(/users\.cpf_cnpj_enc: \d+ recifrados, 0 já na chave nova/);
    expect(run.stdout).toMatch(/sessões encerradas: \d+/);

    // The server as it starts after the rotation: same database, ENCRYPTION_KEY the third key.
    const config = loadConfig({ NODE_ENV: 'test', CAPTCHA_MAX_NUMBER: '2000' });
    const rotated = await buildApp({
      config,
      database: t.database,
      secrets: deriveSecrets(randomBytes(32).toString('hex'), thirdSecret),
      mailer: smtpMailer(t.smtp.url, config.MAIL_FROM),
      storage: t.storage,
      rateLimits: generousRateLimits,
      now: () => t.clock.now,
      webDistDir: '/nonexistent',
    });
    try {
      const challenge = await rotated.inject({ method: 'GET', url: '/api/captcha/challenge/' });
      const first = await rotated.inject({
        method: 'POST',
        url: '/api/login/common/',
        payload: {
          email: admin.email,
          password: admin.password,
          captcha: await solveCaptcha(challenge.json()),
        },
      });
      // The TOTP secret opens with the new key: the second step takes the authenticator's code.
      const second = await rotated.inject({
        method: 'POST',
        url: '/api/login/two-factor/',
        payload: { challenge: first.json().challenge, code: admin.code() },
      });
      expect(second.statusCode, second.body).toBe(200);
      const me = await rotated.inject({
        method: 'GET',
        url: '/api/user/',
        headers: { authorization: `Bearer ${second.json().access}` },
      });
      expect(me.json()).toMatchObject({ email: admin.email, cpf_cnpj: admin.cpf_cnpj });
    } finally {
      await rotated.close();
    }

    const refused = await promisify(execFile)('npm', ['run', '--silent', 'rotate-encryption-key'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: t.database.url, ENCRYPTION_KEY: thirdSecret },
    }).catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain('Informe OLD_ENCRYPTION_KEY');
  });
});
