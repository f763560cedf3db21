import { securityEvents, sessions } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityOf,
  BROWSERS,
  confirmedUser,
  endSession,
  expectStatus,
  loginFrom,
  refreshWith,
  send,
  sessionsOf,
  signedIn,
  userIdOf,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createSecurityService } from './security.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-22T12:00:00Z');
});
afterAll(() => t.close());

/** A person signed in from two browsers: each with its own session and tokens. */
async function inTwoBrowsers() {
  const user = await confirmedUser(t);
  const chrome = expectStatus(
    await loginFrom(t, user.email, {}, { userAgent: BROWSERS.chromeWindows }),
    200,
    'chrome',
  ).json<{ access: string; refresh: string }>();
  const firefox = expectStatus(
    await loginFrom(t, user.email, {}, { userAgent: BROWSERS.firefoxLinux }),
    200,
    'firefox',
  ).json<{ access: string; refresh: string }>();
  return { user, chrome, firefox };
}

describe("'Dispositivos conectados'", () => {
  it('lists the open sessions with device, address, times and which is this one', async () => {
    const { chrome, firefox } = await inTwoBrowsers();
    const listed = await sessionsOf(t, chrome);
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        device: 'Firefox em Linux',
        ip: '127.0.0.1',
        created_at: t.clock.now.toISOString(),
        last_used_at: t.clock.now.toISOString(),
        current: false,
      },
      {
        id: expect.any(Number),
        device: 'Chrome em Windows',
        ip: '127.0.0.1',
        created_at: t.clock.now.toISOString(),
        last_used_at: t.clock.now.toISOString(),
        current: true,
      },
    ]);
    // Using a session renews its 'last used' (at each refresh of its access token).
    t.advance(60_000);
    expectStatus(await refreshWith(t, firefox.refresh, BROWSERS.firefoxLinux), 200, 'refresh');
    const [first] = await sessionsOf(t, chrome);
    expect(first).toMatchObject({
      device: 'Firefox em Linux',
      last_used_at: t.clock.now.toISOString(),
    });
  });

  it('ends a session from another browser: its refresh is refused at once, and its access token too', async () => {
    const { chrome, firefox } = await inTwoBrowsers();
    const theirs = (await sessionsOf(t, chrome)).find((s) => !s.current)!;
    const ended = await endSession(t, chrome, theirs.id);
    expect(ended.statusCode).toBe(204);
    const refused = await refreshWith(t, firefox.refresh, BROWSERS.firefoxLinux);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 401,
      body: { detail: 'Sessão expirada. Faça login novamente.' },
    });
    expect((await send(t, 'GET', '/api/user/', firefox.access)).statusCode).toBe(401);
    // The browser that ended it goes on, and its list shows only itself.
    expect((await send(t, 'GET', '/api/user/', chrome.access)).statusCode).toBe(200);
    expect((await sessionsOf(t, chrome)).map((s) => s.device)).toEqual(['Chrome em Windows']);
    expectStatus(await refreshWith(t, chrome.refresh, BROWSERS.chromeWindows), 200, 'chrome');
  });

  it("answers another person's session as one that does not exist, and leaves it open", async () => {
    const ana = await inTwoBrowsers();
    const bia = await inTwoBrowsers();
    const [biaSession] = await sessionsOf(t, bia.chrome);
    for (const id of [biaSession!.id, 999_999_999]) {
      const res = await endSession(t, ana.chrome, id);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 404,
        body: { detail: 'Sessão não encontrada.' },
      });
    }
    expect(await sessionsOf(t, bia.chrome)).toHaveLength(2);
    expectStatus(await refreshWith(t, bia.firefox.refresh), 200, "bia's refresh");
  });

  it('ends every session but the current one', async () => {
    const { user, chrome, firefox } = await inTwoBrowsers();
    const phone = expectStatus(
      await loginFrom(t, user.email, {}, { userAgent: BROWSERS.safariIphone }),
      200,
      'phone',
    ).json<{ access: string; refresh: string }>();
    expect(await sessionsOf(t, phone)).toHaveLength(3);
    expect((await endSession(t, phone)).statusCode).toBe(204);
    expect(await sessionsOf(t, phone)).toEqual([
      expect.objectContaining({ device: 'Safari em iPhone', current: true }),
    ]);
    for (const other of [chrome, firefox]) {
      expect((await refreshWith(t, other.refresh)).statusCode).toBe(401);
      expect((await send(t, 'GET', '/api/user/', other.access)).statusCode).toBe(401);
    }
  });

  it('drops a session at logout, and after a rotated refresh token is presented again', async () => {
    const { chrome, firefox } = await inTwoBrowsers();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout/',
      payload: { refresh: firefox.refresh },
    });
    expect(out.statusCode).toBe(204);
    expect((await sessionsOf(t, chrome)).map((s) => s.device)).toEqual(['Chrome em Windows']);

    // A stolen refresh token replayed after its owner rotated it: the whole session ends.
    const rotated = expectStatus(await refreshWith(t, chrome.refresh), 200, 'rotate').json();
    expect((await refreshWith(t, chrome.refresh)).statusCode).toBe(401);
    expect((await refreshWith(t, rotated.refresh)).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/user/', rotated.access)).statusCode).toBe(401);
  });

  it('ends every session when the password is reset, and tells the person', async () => {
    const { user, chrome } = await inTwoBrowsers();
    const id = await userIdOf(t, chrome);
    await t.app.inject({
      method: 'POST',
      url: '/api/password/reset/',
      payload: { email: user.email },
    });
    // Mails so far: the confirmation code, the new device (Firefox), the reset link.
    const mail = await t.smtp.waitFor(user.email, 3);
    const link = new URL(/https?:\/\/\S+change-password\S+/.exec(mail.text ?? '')![0]);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/password/reset/',
      headers: { 'user-agent': BROWSERS.safariIphone },
      payload: {
        email: user.email,
        token: link.searchParams.get('token'),
        password: 'Floresta@2027',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(open.every((s) => s.endedAt !== null)).toBe(true);

    const again = expectStatus(
      await loginFrom(t, user.email, {}, { password: 'Floresta@2027' }),
      200,
      'new password',
    ).json();
    const events = (await activityOf(t, again)).results;
    expect(events.find((e) => e.kind === 'password_changed')).toMatchObject({
      device: 'Safari em iPhone',
    });
    const told = await t.smtp.waitFor(user.email, 4);
    expect(told.subject).toContain('Sua senha foi alterada');
  });
});

describe("'Atividade da conta'", () => {
  it('records logins, refused passwords and a new device, and mails the new device', async () => {
    const user = await confirmedUser(t);
    // The first login is no news: there was no device before it.
    const first = expectStatus(
      await loginFrom(t, user.email, {}, { userAgent: BROWSERS.chromeWindows }),
      200,
      'first',
    ).json();
    t.advance(60_000);
    const wrong = await loginFrom(
      t,
      user.email,
      {},
      { userAgent: BROWSERS.firefoxLinux, password: 'Errada2026!' },
    );
    expect(wrong.statusCode).toBe(401);
    t.advance(60_000);
    expectStatus(
      await loginFrom(t, user.email, {}, { userAgent: BROWSERS.chromeWindows }),
      200,
      'same device',
    );
    t.advance(60_000);
    expectStatus(
      await loginFrom(t, user.email, {}, { userAgent: BROWSERS.firefoxLinux }),
      200,
      'new device',
    );

    const page = await activityOf(t, first);
    expect(page.results).toEqual([
      {
        kind: 'new_device',
        ip: '127.0.0.1',
        device: 'Firefox em Linux',
        created_at: expect.any(String),
      },
      {
        kind: 'login',
        ip: '127.0.0.1',
        device: 'Firefox em Linux',
        created_at: expect.any(String),
      },
      {
        kind: 'login',
        ip: '127.0.0.1',
        device: 'Chrome em Windows',
        created_at: expect.any(String),
      },
      {
        kind: 'login_failed',
        ip: '127.0.0.1',
        device: 'Firefox em Linux',
        created_at: expect.any(String),
      },
      {
        kind: 'login',
        ip: '127.0.0.1',
        device: 'Chrome em Windows',
        created_at: expect.any(String),
      },
    ]);
    expect(page.results[0]!.created_at).toBe(t.clock.now.toISOString());

    // The confirmation code was the first mail; the new device the second, and only one.
    const mail = await t.smtp.waitFor(user.email, 2);
    expect(mail.subject).toContain('Novo acesso à sua conta');
    expect(mail.text).toContain('Firefox em Linux');
    expect(mail.text).toContain('127.0.0.1');
    expect(mail.text).toContain('Dispositivos conectados');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.countTo(user.email)).toBe(2);
  });

  it('records a change of roles, pages by 10 and keeps 12 months', async () => {
    const admin = await signedIn(t, { admin: true });
    const who = await signedIn(t);
    const id = await userIdOf(t, who);
    const grant = await t.app.inject({
      method: 'PATCH',
      url: `/api/admins/creator/${id}/`,
      headers: { authorization: `Bearer ${admin.access}` },
      payload: { is_project_manager: true },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const [change] = (await activityOf(t, who)).results;
    // The administrator's act is theirs: neither their address nor their browser is shown.
    expect(change).toEqual({
      kind: 'role_changed',
      ip: '',
      device: 'Administração da Copaíba',
      created_at: t.clock.now.toISOString(),
    });

    // Twelve more logins: 14 events, two pages of 10.
    for (let i = 0; i < 12; i++) expectStatus(await loginFrom(t, who.email), 200, `login ${i}`);
    const page1 = await activityOf(t, who);
    expect(page1.count).toBe(14);
    expect(page1.results).toHaveLength(10);
    expect(page1.next).toBe('/api/account/activity/?page=2');
    expect((await activityOf(t, who, 2)).results).toHaveLength(4);
    const past = await t.app.inject({
      method: 'GET',
      url: '/api/account/activity/?page=3',
      headers: { authorization: `Bearer ${who.access}` },
    });
    expect({ status: past.statusCode, body: past.json() }).toEqual({
      status: 404,
      body: { detail: 'Página inválida.' },
    });

    // Thirteen months on, the old events are gone from the list, and the job deletes them.
    t.clock.now = new Date('2027-12-23T12:00:00Z');
    const fresh = expectStatus(await loginFrom(t, who.email), 200, 'a year later').json();
    expect((await activityOf(t, fresh)).results.map((e) => e.kind)).toEqual(['login']);
    const security = createSecurityService({
      db: t.db,
      now: () => t.clock.now,
      notifications: { record: async () => 0 },
    });
    expect(await security.prune()).toBeGreaterThanOrEqual(14);
    const kept = await t.db.select().from(securityEvents).where(eq(securityEvents.userId, id));
    expect(kept.map((e) => e.kind)).toEqual(['login']);
    t.clock.now = new Date('2026-11-22T12:00:00Z');
  });

  it('is only for the person signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/activity/' });
    expect(res.statusCode).toBe(401);
  });
});
