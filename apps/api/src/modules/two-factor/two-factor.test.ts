import { users } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, secretFromUrl, signedIn, totpCode } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('two-factor authentication', () => {
  it('gives an otpauth URL for any authenticator app, keeps the secret encrypted, and activates with a computed code', async () => {
    const who = await signedIn(t);
    const headers = bearer(who);
    const setup = await t.app.inject({ method: 'GET', url: '/api/twoauth/', headers });
    expect(setup.statusCode).toBe(200);
    const url = new URL(setup.json().url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
      issuer: 'Copaíba',
    });
    const secret = secretFromUrl(setup.json().url);
    const [row] = await t.db.select().from(users).where(eq(users.email, who.email));
    expect(row?.totpSecretEnc).toBeTruthy();
    expect(row?.totpSecretEnc).not.toContain(secret);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/twoauth/',
      headers,
      payload: { token: '000000' === totpCode(secret, t.clock.now) ? '111111' : '000000' },
    });
    expect(wrong.json()).toEqual({
      token: ['Código inválido ou expirado. Confira o app autenticador.'],
    });
    const incomplete = await t.app.inject({
      method: 'POST',
      url: '/api/twoauth/',
      headers,
      payload: { token: '12345' },
    });
    expect(incomplete.json()).toEqual({
      token: ['Preencha o código de 6 dígitos encontrado no app!'],
    });
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/twoauth/',
      headers,
      payload: { token: totpCode(secret, t.clock.now, -3) },
    });
    expect(stale.statusCode).toBe(400);

    const drifted = totpCode(secret, t.clock.now, -1);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/twoauth/',
      headers,
      payload: { token: drifted },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      message: 'Autenticação de dois fatores ativada!',
      recovery_codes: expect.any(Array),
    });
    expect(ok.headers['cache-control']).toBe('no-store');
    const user = (await t.app.inject({ method: 'GET', url: '/api/user/', headers })).json();
    expect(user.is_two_factor_authentication).toBe(true);

    const again = await t.app.inject({ method: 'GET', url: '/api/twoauth/', headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A autenticação de dois fatores já está ativada.' });
  });

  it('refuses activation before setup and to visitors', async () => {
    const who = await signedIn(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/twoauth/',
      headers: bearer(who),
      payload: { token: '123456' },
    });
    expect(res.json()).toEqual({
      detail: 'Abra a tela de autenticação de dois fatores para gerar o QR code primeiro.',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/twoauth/' })).statusCode).toBe(401);
  });
});
