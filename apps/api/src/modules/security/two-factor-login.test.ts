import { recoveryCodes, users } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityOf,
  bearer,
  disableTwoFactor,
  enableTwoFactor,
  expectStatus,
  login,
  loginFrom,
  send,
  signedIn,
  userIdOf,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-22T12:00:00Z');
});
afterAll(() => t.close());

const INVALID = { code: ['Código inválido.'] };
const VOID = { detail: 'Esta etapa do login expirou. Entre novamente com seu e-mail e senha.' };
const LOCKED = {
  detail:
    'Muitas tentativas de login nesta conta. Tente novamente em 15 minutos ou redefina sua senha.',
};

/** An investor who turned two-factor on through the routes, with the recovery codes shown. */
async function withTwoFactor() {
  const who = await signedIn(t);
  const on = await enableTwoFactor(t, who);
  expectStatus(on.activation, 200, 'activation');
  return { ...who, ...on, recoveryCodes: on.activation.json().recovery_codes as string[] };
}

/** The first step for `email`: its challenge. */
async function challengeOf(email: string): Promise<string> {
  const res = expectStatus(await login(t, email), 200, 'first step');
  return res.json().challenge as string;
}

const secondStep = (challenge: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/login/two-factor/', payload: { challenge, ...body } });

/** A code of the authenticator that is certainly wrong now. */
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

describe('login in two steps', () => {
  it('answers the password of an account with two-factor with a challenge and no tokens, then the session for its code', async () => {
    const who = await withTwoFactor();
    const first = await login(t, who.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      two_factor_required: true,
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      detail: 'Digite o código do seu app autenticador para concluir o login.',
    });

    const wrong = await secondStep(first.json().challenge, { code: wrongCode(who.code()) });
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: 400,
      body: INVALID,
    });

    const right = await secondStep(first.json().challenge, { code: who.code() });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      detail: 'Login realizado com sucesso.',
    });
    const me = await send(t, 'GET', '/api/user/', right.json().access);
    expect(me.json().email).toBe(who.email);

    // The challenge was spent: it opens nothing again, not even with the next step's code.
    t.advance(30_000);
    const again = await secondStep(first.json().challenge, { code: who.code() });
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 400, body: VOID });
  });

  it('accepts each step of the authenticator once: a replayed code is refused on a new challenge', async () => {
    const who = await withTwoFactor();
    const code = who.code();
    expectStatus(await secondStep(await challengeOf(who.email), { code }), 200, 'first use');
    const replay = await secondStep(await challengeOf(who.email), { code });
    expect({ status: replay.statusCode, body: replay.json() }).toEqual({
      status: 400,
      body: INVALID,
    });
    // An older step than the one used is refused too; the next one works.
    expect(
      (await secondStep(await challengeOf(who.email), { code: who.code(-1) })).statusCode,
    ).toBe(400);
    t.advance(30_000);
    expectStatus(await secondStep(await challengeOf(who.email), { code: who.code() }), 200, 'next');
  });

  it("refuses another person's code on a challenge", async () => {
    const ana = await withTwoFactor();
    const bia = await withTwoFactor();
    const res = await secondStep(await challengeOf(ana.email), { code: bia.code() });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: INVALID });
    // Bia's code was not spent on Ana's challenge: it still opens Bia's own.
    expectStatus(await secondStep(await challengeOf(bia.email), { code: bia.code() }), 200, 'bia');
  });

  it('voids a challenge after 5 wrong codes or 5 minutes', async () => {
    const who = await withTwoFactor();
    const challenge = await challengeOf(who.email);
    for (let i = 0; i < 5; i++)
      expect((await secondStep(challenge, { code: wrongCode(who.code()) })).json()).toEqual(
        INVALID,
      );
    const sixth = await secondStep(challenge, { code: who.code() });
    expect({ status: sixth.statusCode, body: sixth.json() }).toEqual({ status: 400, body: VOID });

    // (The account is locked now, see below; another person's challenge shows the expiry.)
    const other = await withTwoFactor();
    const late = await challengeOf(other.email);
    t.advance(5 * 60_000 + 1000);
    const expired = await secondStep(late, { code: other.code() });
    expect({ status: expired.statusCode, body: expired.json() }).toEqual({
      status: 400,
      body: VOID,
    });
  });

  it('locks the second step like a password after 5 wrong codes across challenges, for 15 minutes', async () => {
    const who = await withTwoFactor();
    for (let i = 0; i < 5; i++) {
      const res = await secondStep(await challengeOf(who.email), { code: wrongCode(who.code()) });
      expect(res.json()).toEqual(INVALID);
    }
    // The right password no longer gets a challenge, and a challenge in hand no longer opens.
    const locked = await login(t, who.email);
    expect({ status: locked.statusCode, body: locked.json() }).toEqual({
      status: 429,
      body: LOCKED,
    });
    t.advance(15 * 60_000 + 1000);
    const challenge = await challengeOf(who.email);
    const open = expectStatus(
      await secondStep(challenge, { code: who.code() }),
      200,
      'after the lock',
    );
    const kinds = (await activityOf(t, open.json())).results.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'login_failed')).toHaveLength(5);
  });

  it('asks for a code or a recovery code, never both, in the documented shapes', async () => {
    const who = await withTwoFactor();
    const challenge = await challengeOf(who.email);
    const codeOrRecovery = {
      code: ['Informe o código do app autenticador ou um código de recuperação.'],
    };
    expect((await secondStep(challenge, {})).json()).toEqual(codeOrRecovery);
    expect(
      (
        await secondStep(challenge, { code: who.code(), recovery_code: who.recoveryCodes[0] })
      ).json(),
    ).toEqual(codeOrRecovery);
    expect((await secondStep(challenge, { code: '12345' })).json()).toEqual({
      code: ['Preencha o código de 6 dígitos encontrado no app!'],
    });
    expect((await secondStep(challenge, { recovery_code: 'ABC' })).json()).toEqual({
      recovery_code: ['O código de recuperação tem 10 letras e números, como ABCDE-23456.'],
    });
    expect((await secondStep('não é um desafio', { code: who.code() })).json()).toEqual({
      challenge: [VOID.detail],
    });
    // None of these spent the challenge's tries: the right code still opens it.
    expectStatus(await secondStep(challenge, { code: who.code() }), 200, 'right code');
  });
});

describe('recovery codes', () => {
  it('gives ten once at activation, stored only as argon2id hashes', async () => {
    const who = await withTwoFactor();
    expect(who.recoveryCodes).toHaveLength(10);
    expect(new Set(who.recoveryCodes).size).toBe(10);
    for (const code of who.recoveryCodes)
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const rows = await t.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, await userIdOf(t, who)));
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of who.recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    for (const row of rows) expect(row.codeHash).toMatch(/^\$argon2id\$/);
  });

  it('opens a login once each, typed in any case and without the hyphen, and tells the person', async () => {
    const who = await withTwoFactor();
    const [first, second] = who.recoveryCodes as [string, string];
    const typed = first.replace('-', ' ').toLowerCase();
    const res = await secondStep(await challengeOf(who.email), { recovery_code: typed });
    expect(res.statusCode, res.body).toBe(200);
    const reused = await secondStep(await challengeOf(who.email), { recovery_code: first });
    expect({ status: reused.statusCode, body: reused.json() }).toEqual({
      status: 400,
      body: { recovery_code: ['Código inválido.'] },
    });
    expectStatus(
      await secondStep(await challengeOf(who.email), { recovery_code: second }),
      200,
      'another code',
    );
    const kinds = (await activityOf(t, who)).results.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'recovery_code_used')).toHaveLength(2);
    const mail = await t.smtp.waitFor(who.email, 4);
    expect(mail.subject).toContain('Código de recuperação usado');
  });

  it('are not spent by a wrong one, and a new activation voids the old ones', async () => {
    const who = await withTwoFactor();
    const wrong = await secondStep(await challengeOf(who.email), { recovery_code: 'AAAAA-AAAAA' });
    expect(wrong.json()).toEqual({ recovery_code: ['Código inválido.'] });
    const id = await userIdOf(t, who);
    const unused = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id));
    expect(unused.every((r) => r.usedAt === null)).toBe(true);

    t.advance(30_000);
    expectStatus(await disableTwoFactor(t, who, who.code()), 200, 'off');
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id))).toEqual([]);
  });
});

describe('turning two-factor off', () => {
  it('needs a current code; then the login is one step again, and the person is told', async () => {
    const who = await withTwoFactor();
    const wrong = await disableTwoFactor(t, who, wrongCode(who.code()));
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: 400,
      body: INVALID,
    });
    const incomplete = await disableTwoFactor(t, who, '12');
    expect(incomplete.json()).toEqual({
      code: ['Preencha o código de 6 dígitos encontrado no app!'],
    });
    const off = await disableTwoFactor(t, who, who.code());
    expect({ status: off.statusCode, body: off.json() }).toEqual({
      status: 200,
      body: { message: 'Autenticação de dois fatores desativada.' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, who.email));
    expect(row).toMatchObject({ isTwoFactorAuthentication: false, totpSecretEnc: null });
    expect((await login(t, who.email)).json()).toMatchObject({ access: expect.any(String) });
    const again = await disableTwoFactor(t, who, who.code());
    expect(again.json()).toEqual({ detail: 'A autenticação de dois fatores não está ativada.' });

    const kinds = (await activityOf(t, who)).results.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['two_factor_enabled', 'two_factor_disabled']));
    // The mails go out from the outbox: the confirmation code, then 'ativada', then 'desativada'.
    await t.smtp.waitFor(who.email, 3);
    const subjects = t.smtp.messages
      .filter((m) => [m.to].flat().some((a) => a?.text.includes(who.email)))
      .map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Autenticação em dois fatores ativada'),
        expect.stringContaining('Autenticação em dois fatores desativada'),
      ]),
    );
  });

  it('is not allowed to administrators and token creators', async () => {
    for (const roles of [{ admin: true }, { creator: true }]) {
      const who = await signedIn(t, roles);
      const res = await disableTwoFactor(t, who, who.code());
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 403,
        body: {
          detail:
            'Administradores e criadores de tokens precisam manter a autenticação em dois fatores ativada.',
        },
      });
    }
  });
});

describe('the privileged-route gate', () => {
  const gate = {
    detail: 'Ative a autenticação em dois fatores para acessar esta área.',
    code: 'two_factor_required',
  };

  it('answers 403 two_factor_required to an admin or a creator without two-factor, and opens once it is on', async () => {
    const admin = await signedIn(t, { admin: true, twoFactor: false });
    const creator = await signedIn(t, { creator: true, twoFactor: false });
    for (const [who, url] of [
      [admin, '/api/admins/list/creators/'],
      [creator, '/api/token-issuer/token-list'],
    ] as const) {
      const shut = await send(t, 'GET', url, who.access);
      expect({ status: shut.statusCode, body: shut.json() }, url).toEqual({
        status: 403,
        body: gate,
      });
      // Their own account's routes stay open: that is where two-factor is turned on.
      const on = await enableTwoFactor(t, who);
      expectStatus(on.activation, 200, 'activation');
      expect((await send(t, 'GET', url, who.access)).statusCode, url).toBe(200);
    }
  });

  it('leaves project managers and investors free to go without it', async () => {
    const manager = await signedIn(t, { manager: true });
    const investor = await signedIn(t);
    expect(
      (await send(t, 'GET', '/api/project-manager/project-list', manager.access)).statusCode,
    ).toBe(200);
    expect((await send(t, 'GET', '/api/wallet/balance/brlt/', investor.access)).statusCode).toBe(
      200,
    );
    // An investor still meets the role's own 403 first.
    const res = await send(t, 'GET', '/api/admins/list/creators/', investor.access);
    expect(res.json()).toEqual({ detail: 'Apenas administradores podem acessar esta área.' });
  });

  it('lets the two steps through for an admin, from the login to an admin route', async () => {
    const admin = await signedIn(t, { admin: true });
    t.advance(30_000);
    const res = await loginFrom(t, admin.email, { code: admin.code() });
    expect(res.statusCode, res.body).toBe(200);
    expect((await send(t, 'GET', '/api/admins/audit-log/', res.json().access)).statusCode).toBe(
      200,
    );
    expect(bearer(res.json()).authorization).toMatch(/^Bearer /);
  });
});
