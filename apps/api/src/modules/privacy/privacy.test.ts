import {
  installmentPayments,
  ledgerTransfers,
  pixCharges,
  refreshTokens,
  tokenHoldings,
  tokens,
  users,
  withdrawals,
} from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  enableTwoFactor,
  insertIssuer,
  insertToken,
  login,
  loginWithCode,
  payInSandbox,
  register,
  requestDeposit,
  requestWithdrawal,
  signedIn,
  totpCode,
  type Bearer,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ledgerTotal } from '../ledger/ledger.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-22T12:00:00Z');
});
afterAll(() => t.close());

const EXPORT = '/api/user/data-export/';
const CLOSE = '/api/user/close-account/';

/** A confirmed, signed-in person with both tokens, and helpers acting as them. */
async function person(options: { deposit?: string; twoFactor?: boolean } = {}) {
  const who = await signedIn(t);
  const headers = bearer(who);
  const [row] = await t.db.select().from(users).where(eq(users.email, who.email));
  const me = {
    ...who,
    id: row!.id,
    headers,
    secret: '',
    code: () => totpCode(me.secret, t.clock.now),
    close: (payload: unknown) =>
      t.app.inject({ method: 'POST', url: CLOSE, headers, payload: payload as object }),
    export: () => t.app.inject({ method: 'GET', url: EXPORT, headers }),
    row: async () => (await t.db.select().from(users).where(eq(users.id, me.id)))[0]!,
  };
  if (options.deposit) await deposit(me, options.deposit, true);
  if (options.twoFactor) {
    const { secret, activation: on } = await enableTwoFactor(t, me);
    me.secret = secret;
    expect(on.statusCode, on.body).toBe(200);
  }
  return me;
}

async function deposit(who: Bearer, value: string, pay: boolean) {
  const charge = await requestDeposit(t, who, value);
  expect(charge.statusCode, charge.body).toBe(201);
  if (pay) {
    const paid = await payInSandbox(t, charge.json().txid);
    expect(paid.statusCode, paid.body).toBeLessThan(300);
  }
  return charge.json().txid as string;
}

describe('GET /api/user/data-export/', () => {
  it('is for signed-in people only', async () => {
    expect((await t.app.inject({ method: 'GET', url: EXPORT })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: EXPORT,
          headers: { authorization: 'Bearer not-a-token' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('downloads the profile, the full statement, charges and withdrawals, and no secret', async () => {
    const me = await person({ deposit: '150.00', twoFactor: true });
    await deposit(me, '30.00', false);
    const withdrawn = await requestWithdrawal(t, me, {
      token: me.code(),
      value: '40.00',
      key_pix: 'maria@example.com',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);

    const res = await me.export();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="copaiba-meus-dados.json"',
    );
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: me.id,
      name: 'Maria da Silva',
      email: me.email,
      cpf_cnpj: me.cpf_cnpj,
      birth_date: '1990-03-15',
      is_confirmed_email: true,
    });
    expect(data.roles).toEqual({
      is_admin: false,
      is_token_creator: false,
      is_project_manager: false,
      intention_token_creator: false,
      intention_project_manager: false,
    });
    expect(data.two_factor_enabled).toBe(true);
    expect(data.issuer).toBeNull();
    expect(data.wallet).toEqual({ balance: '110.00' });
    expect(data.sessions.active).toBe(1);
    expect(data.statement.map((s: { kind: string; amount: string }) => [s.kind, s.amount])).toEqual(
      [
        ['deposit', '150.00'],
        ['withdrawal', '-40.00'],
      ],
    );
    expect(data.pix_charges.map((c: { status: string; amount: string }) => c.status)).toEqual([
      'paid',
      'pending',
    ]);
    expect(data.withdrawals).toEqual([
      expect.objectContaining({ amount: '40.00', key_pix: 'maria@example.com', status: 'paid' }),
    ]);

    const row = await me.row();
    const [refresh] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, me.id));
    for (const secret of [
      row.passwordHash,
      row.totpSecretEnc!,
      me.secret,
      me.password,
      me.refresh,
      refresh!.tokenHash,
    ]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toMatch(/password|totp|token_hash|code_hash|secret/i);
  });

  it('includes the issuer record of a creator', async () => {
    const me = await person();
    const issuer = await insertIssuer(t.db, { userId: me.id });
    await insertToken(t.db, issuer.id, { status: 'incomplete' });
    const data = (await me.export()).json();
    expect(data.issuer).toMatchObject({
      id: issuer.id,
      cnpj: issuer.cnpj,
      institution: 'Cooperativa de Teste',
      representatives: [
        { name: 'R1', summary: 'S1' },
        { name: 'R2', summary: 'S2' },
        { name: 'R3', summary: 'S3' },
      ],
      tokens: [expect.objectContaining({ status: 'incomplete', offer_status: null })],
    });
  });
});

describe('POST /api/user/close-account/: refusals', () => {
  it('needs a signed-in person and the right password', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: CLOSE, payload: { password: 'x' } })).statusCode,
    ).toBe(401);
    const me = await person();
    const res = await me.close({ password: 'SenhaErrada2026!' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: ['Senha incorreta.'] });
    expect((await me.row()).closedAt).toBeNull();
  });

  it('needs a fresh two-factor code when two-factor is on', async () => {
    const me = await person({ twoFactor: true });
    const missing = await me.close({ password: me.password });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ token: ['Preencha o código de autenticação.'] });
    const notTheCode = String((Number(me.code()) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await me.close({ password: me.password, token: notTheCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ token: ['Código de autenticação inválido ou já usado.'] });
    expect((await me.row()).closedAt).toBeNull();
  });

  it('refuses while the wallet holds money', async () => {
    const me = await person({ deposit: '30.00' });
    const res = await me.close({ password: me.password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Saque todo o saldo antes de encerrar a conta.' });
    expect((await me.row()).closedAt).toBeNull();
  });

  it('refuses while a withdrawal is still requested', async () => {
    const me = await person();
    await t.db.insert(withdrawals).values({
      userId: me.id,
      amountCents: 50_00n,
      keyPix: 'maria@example.com',
      status: 'requested',
    });
    const res = await me.close({ password: me.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/saque em processamento/);
  });

  it('refuses while a Pix deposit charge is still open, not after it expires', async () => {
    const me = await person();
    await deposit(me, '30.00', false);
    const res = await me.close({ password: me.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/cobrança Pix de depósito em aberto/);
    await t.db
      .update(pixCharges)
      .set({ expiresAt: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(pixCharges.userId, me.id));
    expect((await me.close({ password: me.password })).statusCode).toBe(200);
  });

  it('refuses while an investment contract runs; closes once every installment is paid', async () => {
    const me = await person();
    const issuer = await insertIssuer(t.db);
    const token = await insertToken(t.db, issuer.id, { installments: 1 });
    await t.db.insert(tokenHoldings).values({ userId: me.id, tokenId: token.id, quantity: 5 });
    const running = /contrato de investimento só termina/;

    const funding = await me.close({ password: me.password });
    expect(funding.statusCode).toBe(400);
    expect(funding.json().detail).toMatch(running);

    await t.db.update(tokens).set({ offerStatus: 'distributing' }).where(eq(tokens.id, token.id));
    const distributing = await me.close({ password: me.password });
    expect(distributing.statusCode).toBe(400);
    expect(distributing.json().detail).toMatch(running);

    await t.db.insert(installmentPayments).values({
      tokenId: token.id,
      installmentNumber: 1,
      dueDate: '2027-03-31',
      totalCents: 1_00n,
      holders: 1,
      paidAt: t.clock.now,
    });
    expect((await me.close({ password: me.password })).statusCode).toBe(200);
    const [kept] = await t.db.select().from(tokenHoldings).where(eq(tokenHoldings.userId, me.id));
    expect(kept?.quantity).toBe(5);
  });

  it('refuses the creator of an issuer with issued tokens', async () => {
    const me = await person();
    const issuer = await insertIssuer(t.db, { userId: me.id });
    await insertToken(t.db, issuer.id, { status: 'released' });
    const unissued = await t.db.select().from(tokens).where(eq(tokens.issuerId, issuer.id));
    expect(unissued).toHaveLength(1);
    await insertToken(t.db, issuer.id, { status: 'issued', offer: 'failed' });
    const res = await me.close({ password: me.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/emissor com tokens emitidos/);
    expect((await me.row()).closedAt).toBeNull();
  });

  it('answers hostile bodies with 4xx and leaves the account open', async () => {
    const me = await person();
    const attempts: Array<{ payload: string; type?: string }> = [
      { payload: '{}' },
      { payload: '[]' },
      { payload: 'null' },
      { payload: '{"password": 12345}' },
      { payload: '{"password": ["Floresta2026!"]}' },
      { payload: '{"password": {"$ne": null}}' },
      { payload: JSON.stringify({ password: 'x'.repeat(10_000) }) },
      { payload: JSON.stringify({ password: me.password, token: '12a456' }) },
      { payload: JSON.stringify({ password: me.password, token: 123456 }) },
      { payload: '{"password": "Floresta2026!", "__proto__": {"isAdmin": true}}' },
      { payload: '{"password": ' },
      { payload: `password=${me.password}`, type: 'application/x-www-form-urlencoded' },
      { payload: me.password, type: 'text/plain' },
    ];
    for (const { payload, type } of attempts) {
      const res = await t.app.inject({
        method: 'POST',
        url: CLOSE,
        headers: { ...me.headers, 'content-type': type ?? 'application/json' },
        payload,
      });
      expect(res.statusCode, payload.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload.slice(0, 60)).toBeLessThan(500);
    }
    expect((await me.row()).closedAt).toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/', headers: me.headers })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/user/close-account/: closing', () => {
  it('anonymizes the person, keeps the money records and ends every session', async () => {
    const me = await person({ deposit: '100.00', twoFactor: true });
    const withdrawn = await requestWithdrawal(t, me, {
      token: me.code(),
      value: '100.00',
      key_pix: 'maria@example.com',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
    t.advance(30_000);
    // A second session, from another device.
    const other = (await loginWithCode(t, me.email, me.code())).json<{
      access: string;
      refresh: string;
    }>();
    // That login spent this step's code: the closing below uses the next one.
    t.advance(30_000);

    const transfersBefore = await t.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.userId, me.id));
    const chargesBefore = await t.db.select().from(pixCharges).where(eq(pixCharges.userId, me.id));
    const withdrawalsBefore = await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, me.id));
    expect(transfersBefore).toHaveLength(2);

    const res = await me.close({ password: me.password, token: me.code() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Conta encerrada. Seus dados pessoais foram anonimizados.',
    });

    const row = await me.row();
    expect(row).toMatchObject({
      name: 'Conta encerrada',
      email: `encerrada-${me.id}@anonimo.copaiba.invalid`,
      cpfCnpj: null,
      birthDate: null,
      cpfCnpjEnc: null,
      cpfCnpjHash: null,
      birthDateEnc: null,
      passwordHash: '!encerrada',
      isConfirmedEmail: false,
      isTwoFactorAuthentication: false,
      totpSecretEnc: null,
      totpLastStep: null,
      closedAt: t.clock.now,
    });
    const everything = JSON.stringify(row, (_k, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v,
    );
    for (const personal of [me.email, me.cpf_cnpj, 'Maria', '1990-03-15'])
      expect(everything).not.toContain(personal);

    // Legal records stay exactly as they were (LGPD art. 16).
    expect(
      await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.userId, me.id)),
    ).toEqual(transfersBefore);
    expect(await t.db.select().from(pixCharges).where(eq(pixCharges.userId, me.id))).toEqual(
      chargesBefore,
    );
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, me.id))).toEqual(
      withdrawalsBefore,
    );
    expect(await ledgerTotal(t.db)).toBe(0n);

    // Every session ends at once.
    const live = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, me.id));
    expect(live.length).toBeGreaterThanOrEqual(2);
    expect(live.every((r) => r.revokedAt !== null)).toBe(true);
    for (const refresh of [me.refresh, other.refresh]) {
      const renewed = await t.app.inject({
        method: 'POST',
        url: '/api/login/token-refresh/',
        payload: { refresh },
      });
      expect(renewed.statusCode).toBe(401);
    }
    for (const access of [me.access, other.access]) {
      const headers = { authorization: `Bearer ${access}` };
      expect((await t.app.inject({ method: 'GET', url: '/api/user/', headers })).statusCode).toBe(
        401,
      );
      expect((await t.app.inject({ method: 'GET', url: EXPORT, headers })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'POST', url: CLOSE, headers, payload: { password: 'x' } }))
          .statusCode,
      ).toBe(401);
    }

    // Login answers exactly like wrong credentials, by the old and by the placeholder e-mail.
    for (const email of [me.email, row.email]) {
      const refused = await login(t, email, me.password);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: 'E-mail ou senha inválidos.' });
    }

    // The e-mail and the CPF are free again.
    const again = await register(t, { email: me.email, cpf_cnpj: me.cpf_cnpj });
    expect(again.res.statusCode, again.res.body).toBe(201);
  });

  it('the auth plugin refuses a closed user even with a token of the current version', async () => {
    const me = await person();
    await t.db.update(users).set({ closedAt: t.clock.now }).where(eq(users.id, me.id));
    await t.usersWritten();
    const res = await t.app.inject({ method: 'GET', url: '/api/user/', headers: me.headers });
    expect(res.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login/token-refresh/',
          payload: { refresh: me.refresh },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('nobody registers on the closed accounts’ e-mail domain', async () => {
    const taken = await register(t, { email: 'encerrada-999999@anonimo.copaiba.invalid' });
    expect(taken.res.statusCode).toBe(400);
    expect(taken.res.json()).toEqual({ email: ['Informe um e-mail válido.'] });
  });
});
