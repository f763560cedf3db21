import { randomBytes } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { deriveSecrets } from '../../lib/secrets.ts';
import { createSessionTokens } from './session-tokens.ts';

/** Access tokens: signed with jose, verified synchronously; only our own HS256 tokens pass. */
describe('access tokens', () => {
  const secrets = deriveSecrets(randomBytes(32).toString('hex'), randomBytes(32).toString('hex'));
  const clock = { now: new Date('2026-11-22T12:00:00Z') };
  const sessions = createSessionTokens({
    secrets,
    accessTtlSeconds: 900,
    refreshTtlDays: 30,
    now: () => clock.now,
    endedSessions: { ended: () => undefined },
  });
  const iat = Math.floor(clock.now.getTime() / 1000);
  const claims: JWTPayload = { ver: 3, iss: 'copaiba', sub: '42', iat, exp: iat + 900 };
  const sign = (payload: JWTPayload, key: Uint8Array = secrets.jwtKey, alg = 'HS256') =>
    new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
  const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('accepts a token it signed, until it expires by the app clock', async () => {
    // issue() also stores the refresh token and the session: a stand-in database takes them.
    const stored = {
      values: () => Object.assign(Promise.resolve(), { returning: async () => [{ id: 7 }] }),
    };
    const { access } = await sessions.issue(
      { insert: () => stored } as never,
      { id: 42, tokenVersion: 3 },
      { device: 'Firefox em Linux', ip: '203.0.113.9' },
    );
    expect(sessions.verifyAccess(access)).toEqual({ userId: 42, tokenVersion: 3, sessionId: 7 });
    // A token from before sessions (no `sid`) names none.
    expect(sessions.verifyAccess(await sign(claims))).toEqual({
      userId: 42,
      tokenVersion: 3,
      sessionId: null,
    });
    clock.now = new Date(clock.now.getTime() + 899_000);
    expect(sessions.verifyAccess(access)).not.toBeNull();
    clock.now = new Date(clock.now.getTime() + 1000);
    expect(sessions.verifyAccess(access)).toBeNull();
    clock.now = new Date('2026-11-22T12:00:00Z');
  });

  it('refuses forged, unsigned, foreign and malformed tokens', async () => {
    const refused = [
      await sign(claims, randomBytes(32)),
      await sign(claims, secrets.jwtKey, 'HS512'),
      `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`,
      await sign({ ...claims, iss: 'other' }),
      await sign({ ...claims, exp: undefined }),
      await sign({ ...claims, sub: 'admin' }),
      await sign({ ...claims, ver: '3' }),
      'not.a.token',
      '',
    ];
    for (const token of refused) expect(sessions.verifyAccess(token)).toBeNull();
  });
});
