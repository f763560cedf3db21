import { users } from '@copaiba/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFrom,
  confirmedUser,
  login,
  PASSWORD,
  register,
  registration,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;

describe('registration and e-mail confirmation', () => {
  it('registers over multipart form data and mails a six-digit code over SMTP', async () => {
    const body = registration();
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...body, captcha: await t.captcha() })) form.append(k, v);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register/',
      body: form as unknown as string,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.stringContaining('Conta criada') });
    const mail = await t.smtp.waitFor(body.email);
    expect(mail.subject).toContain('código de confirmação');
    expect(codeFrom(mail.text)).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(codeFrom(mail.text));
  });

  it('accepts a masked CPF and an alphanumeric CNPJ, storing them unmasked and sealed', async () => {
    const { res } = await register(t, { cpf_cnpj: '12.ABC.345/01DE-35' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select({ sealed: users.cpfCnpjEnc, clear: users.cpfCnpj })
      .from(users)
      .where(eqCpf('12ABC34501DE35'));
    expect(row?.clear).toBeNull();
    expect(row?.sealed).not.toContain('12ABC34501DE35');
    expect(testIdentity.open(row!.sealed!)).toBe('12ABC34501DE35');
  });

  it('refuses a second account with the same e-mail in other case, or the same CPF', async () => {
    const { body } = await register(t);
    const before = await userCount();
    const sameEmail = await register(t, { email: body.email.toUpperCase() });
    expect(sameEmail.res.statusCode).toBe(400);
    expect(sameEmail.res.json()).toEqual({ email: ['Já existe uma conta com este e-mail.'] });
    const sameCpf = await register(t, { cpf_cnpj: body.cpf_cnpj });
    expect(sameCpf.res.json()).toEqual({ cpf_cnpj: ['Já existe uma conta com este CPF ou CNPJ.'] });
    expect(await userCount()).toBe(before);
  });

  it('keeps one account when the same registration races itself', async () => {
    const body = registration();
    const before = await userCount();
    const attempts = await Promise.all(
      [0, 1, 2].map(async () =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/register/',
          payload: { ...body, captcha: await t.captcha() },
        }),
      ),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await userCount()).toBe(before + 1);
  });

  it('confirms with the mailed code once; a second use changes nothing', async () => {
    const { body } = await register(t);
    const code = codeFrom((await t.smtp.waitFor(body.email)).text);
    const confirm = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/email/confirm/',
        payload: { email: body.email, token: code },
      });
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Conta confirmada com sucesso! Faça login para continuar.',
    });
    const again = await confirm();
    expect(again.json()).toEqual({ message: 'Sua conta já está confirmada. Faça login.' });
  });

  it('answers 404 for an unknown e-mail and 400 for a malformed code', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/email/confirm/',
      payload: { email: 'ninguem@example.com', token: '123456' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Não encontramos uma conta com este e-mail.' });
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/email/confirm/',
      payload: { email: 'ninguem@example.com', token: '12a45' },
    });
    expect(malformed.json()).toEqual({ token: ['O código deve ter 6 dígitos.'] });
  });

  it('locks a code after five wrong tries, even for the right code, until a new one is sent', async () => {
    const { body } = await register(t);
    const code = codeFrom((await t.smtp.waitFor(body.email)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    const put = (token: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/email/confirm/',
        payload: { email: body.email, token },
      });
    for (let i = 1; i <= 4; i++) {
      expect((await put(wrong)).json()).toEqual({
        detail: 'Código inválido. Confira o código enviado para o seu e-mail.',
      });
    }
    expect((await put(wrong)).json()).toEqual({
      detail: 'Muitas tentativas inválidas. Solicite um novo código.',
    });
    expect((await put(code)).statusCode).toBe(400);

    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/email/resend/',
      payload: { email: body.email },
    });
    expect(resend.statusCode).toBe(200);
    const fresh = codeFrom((await t.smtp.waitFor(body.email, 2)).text);
    expect((await put(fresh)).statusCode).toBe(200);
  });

  it('refuses an expired code (24 h)', async () => {
    const { body } = await register(t);
    const code = codeFrom((await t.smtp.waitFor(body.email)).text);
    t.advance(24 * 3_600_000 + 1000);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/email/confirm/',
      payload: { email: body.email, token: code },
    });
    expect(res.json()).toEqual({ detail: 'Código expirado. Solicite um novo código.' });
  });
});

describe('login, session and refresh', () => {
  it('answers 403 to an unconfirmed account and mails a new code when the old one is gone', async () => {
    const { body } = await register(t);
    await t.smtp.waitFor(body.email);
    const res = await login(t, body.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain('Confirme seu e-mail');
    expect(t.smtp.countTo(body.email)).toBe(1);
    t.advance(25 * 3_600_000);
    expect((await login(t, body.email)).statusCode).toBe(403);
    await t.smtp.waitFor(body.email, 2);
  });

  it('answers 401 with one message for a wrong password and for an unknown e-mail', async () => {
    const user = await confirmedUser(t);
    const wrong = await login(t, user.email, 'Errada12345!');
    const unknown = await login(t, 'nao.existe@example.com');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'E-mail ou senha inválidos.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('logs in with any e-mail case and reads the user with the access token', async () => {
    const user = await confirmedUser(t);
    const res = await login(t, user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const { access, refresh, detail } = res.json();
    expect(detail).toBe('Login realizado com sucesso.');
    expect(refresh).toMatch(/^[\w-]{43}$/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: user.email,
      name: user.name,
      cpf_cnpj: user.cpf_cnpj,
      birth_date: user.birth_date,
      is_confirmed_email: true,
      is_two_factor_authentication: false,
      is_admin: false,
      is_token_creator: false,
      is_project_manager: false,
      permissions: { is_confirmed_email: true, is_admin: false, is_project_manager: false },
    });
    expect(me.json()).not.toHaveProperty('password_hash');
  });

  it('refuses missing, malformed, forged and expired access tokens', async () => {
    const user = await confirmedUser(t);
    const { access } = (await login(t, user.email)).json();
    const get = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/user/',
        headers: authorization ? { authorization } : {},
      });
    expect((await get()).json()).toEqual({
      detail: 'As credenciais de autenticação não foram fornecidas.',
    });
    expect((await get('Token abc')).statusCode).toBe(401);
    const [h, p] = access.split('.');
    expect((await get(`Bearer ${h}.${p}.forged-signature`)).statusCode).toBe(401);
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: '1', ver: 0, iss: 'copaiba' }),
    ).toString('base64url');
    expect((await get(`Bearer ${h}.${forgedPayload}.${access.split('.')[2]}`)).statusCode).toBe(
      401,
    );
    t.advance(16 * 60_000);
    expect((await get(`Bearer ${access}`)).json()).toEqual({
      detail: 'Token inválido ou expirado.',
    });
  });

  it('rotates refresh tokens; reusing a rotated one revokes the whole family', async () => {
    const user = await confirmedUser(t);
    const first = (await login(t, user.email)).json();
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/token-refresh/',
        payload: { refresh: token },
      });
    const second = await refresh(first.refresh);
    expect(second.statusCode).toBe(200);
    const rotated = second.json();
    expect(rotated.refresh).not.toBe(first.refresh);
    const third = await refresh(rotated.refresh);
    expect(third.statusCode).toBe(200);

    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: 'Sessão expirada. Faça login novamente.' });
    expect((await refresh(third.json().refresh)).statusCode).toBe(401);

    const otherSession = (await login(t, user.email)).json();
    expect((await refresh(otherSession.refresh)).statusCode).toBe(200);
  });

  it('lets only one of two concurrent refreshes with the same token through', async () => {
    const user = await confirmedUser(t);
    const { refresh } = (await login(t, user.email)).json();
    const results = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({ method: 'POST', url: '/api/login/token-refresh/', payload: { refresh } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('logout revokes the session family', async () => {
    const user = await confirmedUser(t);
    const { refresh } = (await login(t, user.email)).json();
    const out = await t.app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/login/token-refresh/',
      payload: { refresh },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const linkFrom = (text: string | undefined) => {
    const match = /(http\S+\/change-password\?\S+)/.exec(text ?? '');
    if (!match?.[1]) throw new Error(`no link in ${text}`);
    const url = new URL(match[1]);
    return { token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
  };

  it('answers the same to known and unknown e-mails, mailing only the known one', async () => {
    const user = await confirmedUser(t);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset/',
      payload: { email: user.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset/',
      payload: { email: 'ninguem.aqui@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await t.smtp.waitFor(user.email, 2);
    expect(linkFrom(mail.text).email).toBe(user.email);
    expect(t.smtp.countTo('ninguem.aqui@example.com')).toBe(0);
  });

  it('resets with the mailed link once, ends every session, and the new password works', async () => {
    const user = await confirmedUser(t);
    const session = (await login(t, user.email)).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/password/reset/',
      payload: { email: user.email },
    });
    const { token, email } = linkFrom((await t.smtp.waitFor(user.email, 2)).text);
    const newPassword = 'NovaSenha#2026';
    const reset = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/password/reset/',
        payload: { email, token, password },
      });

    const weak = await reset('semsimbolo2026A');
    expect(weak.json()).toEqual({ password: ['Deve conter pelo menos um símbolo especial.'] });
    const ok = await reset(newPassword);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      message: 'Senha atualizada com sucesso! Faça login com a nova senha.',
    });
    expect((await reset('OutraSenha#2026')).statusCode).toBe(400);

    expect((await login(t, user.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(t, user.email, newPassword)).statusCode).toBe(200);
    const oldAccess = await t.app.inject({
      method: 'GET',
      url: '/api/user/',
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(oldAccess.statusCode).toBe(401);
    const oldRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/login/token-refresh/',
      payload: { refresh: session.refresh },
    });
    expect(oldRefresh.statusCode).toBe(401);
  });

  it('says "Código expirado" after an hour and refuses a wrong token', async () => {
    const user = await confirmedUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/password/reset/',
      payload: { email: user.email },
    });
    const { token } = linkFrom((await t.smtp.waitFor(user.email, 2)).text);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/password/reset/',
      payload: { email: user.email, token: 'x'.repeat(32), password: 'NovaSenha#2026' },
    });
    expect(wrong.json()).toEqual({
      detail: 'Link de redefinição inválido. Solicite outro em "Esqueceu sua Senha?".',
    });
    t.advance(61 * 60_000);
    const expired = await t.app.inject({
      method: 'PUT',
      url: '/api/password/reset/',
      payload: { email: user.email, token, password: 'NovaSenha#2026' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: 'Código expirado' });
  });
});

/** The account of a CPF/CNPJ, found as the app finds it: by its keyed hash. */
function eqCpf(value: string) {
  return eqSql(users.cpfCnpjHash, testIdentity.cpfCnpjHash(value));
}
import { eq as eqSql } from 'drizzle-orm';
import { testIdentity } from '../../testing/test-keys.ts';
