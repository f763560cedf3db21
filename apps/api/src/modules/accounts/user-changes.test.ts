import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  enableTwoFactor,
  issuerForm,
  PASSWORD,
  send,
  signedIn,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Every endpoint that changes a user's row reports it to the user cache itself, so the client's
 * next request sees the change without waiting for the database's announcement. The trigger that
 * announces changes is switched off here: only the endpoints' own reports can evict.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`alter table users disable trigger users_changed_notify`);
});
afterAll(() => t.close());

/** GET /api/user/, which also puts the row in the cache. */
const me = (who: SignedIn) =>
  t.app.inject({ method: 'GET', url: '/api/user/', headers: bearer(who) });

describe('changes to a user, seen by the next request', () => {
  it('the silenced trigger hides a direct write from the cache (the premise of this file)', async () => {
    const who = await signedIn(t);
    expect((await me(who)).json().name).not.toBe('Escrito direto');
    await t.db.execute(sql`update users set name = 'Escrito direto' where email = ${who.email}`);
    await t.usersWritten();
    expect((await me(who)).json().name).not.toBe('Escrito direto');
  });

  it('two-factor: the secret set up is the one activation checks, and activation shows', async () => {
    const who = await signedIn(t);
    await me(who);
    const { activation: activate } = await enableTwoFactor(t, who);
    expect(activate.statusCode, activate.body).toBe(200);
    expect((await me(who)).json().is_two_factor_authentication).toBe(true);
  });

  it('roles granted and revoked by an admin apply to the very next request', async () => {
    const admin = await signedIn(t, { admin: true });
    const who = await signedIn(t);
    const id = (await me(who)).json().id as number;
    const grant = (value: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admins/creator/${id}/`,
        headers: bearer(admin),
        payload: { is_token_creator: value },
      });
    expect((await grant(true)).statusCode).toBe(200);
    expect((await me(who)).json().is_token_creator).toBe(true);
    expect((await grant(false)).statusCode).toBe(200);
    expect((await me(who)).json().is_token_creator).toBe(false);
  });

  it('applying to issue tokens records the intention at once', async () => {
    const who = await signedIn(t);
    await me(who);
    const res = await send(
      t,
      'POST',
      '/api/token-issuer/',
      who.access,
      await issuerForm(t, '98765432000198'),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await me(who)).json().intention_token_creator).toBe(true);
  });

  it('a password reset ends every session at once', async () => {
    const who = await signedIn(t);
    await me(who);
    await t.app.inject({
      method: 'POST',
      url: '/api/password/reset/',
      payload: { email: who.email },
    });
    const link = /change-password\?(\S+)/.exec((await t.smtp.waitFor(who.email, 2)).text ?? '');
    const token = new URLSearchParams(link?.[1]).get('token');
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/password/reset/',
      payload: { email: who.email, token, password: 'NovaSenha#2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(who)).statusCode).toBe(401);
  });

  it('closing the account ends its session at once', async () => {
    const who = await signedIn(t);
    await me(who);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/user/close-account/',
      headers: bearer(who),
      payload: { password: PASSWORD },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await me(who)).statusCode).toBe(401);
  });
});
