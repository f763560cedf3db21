import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAttemptCounter } from '../../lib/attempt-counter.ts';
import { confirmedUser, login, PASSWORD } from '../../testing/fixtures.ts';
import { testRedis } from '../../testing/redis.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOCKED = {
  detail:
    'Muitas tentativas de login nesta conta. Tente novamente em 15 minutos ou redefina sua senha.',
};

describe('locking an account after wrong passwords', () => {
  it('locks after 5 wrong passwords, even for the right one, until the window ends', async () => {
    const ana = await confirmedUser(t);
    const bia = await confirmedUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await login(t, ana.email, 'Errada2026!')).statusCode).toBe(401);
    }
    const locked = await login(t, ana.email.toUpperCase());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(LOCKED);
    // Another account is not affected.
    expect((await login(t, bia.email)).statusCode).toBe(200);

    t.advance(15 * 60_000 + 1);
    expect((await login(t, ana.email, PASSWORD)).statusCode).toBe(200);
  });

  it('forgets the failures after a successful login', async () => {
    const carla = await confirmedUser(t);
    for (let i = 0; i < 4; i++) await login(t, carla.email, 'Errada2026!');
    expect((await login(t, carla.email)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(t, carla.email, 'Errada2026!');
    expect((await login(t, carla.email)).statusCode).toBe(200);
  });

  it('counts unknown e-mails too, so a lock tells nothing about who has an account', async () => {
    const ghost = `ninguem.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await login(t, ghost)).statusCode).toBe(401);
    expect((await login(t, ghost)).json()).toEqual(LOCKED);
  });
});

describe('the failure counter in Redis', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterAll(() => redis?.quit());

  it('is shared by every instance and expires with its window', async () => {
    const key = `test-${randomUUID()}`;
    const a = redisAttemptCounter(redis, 'copaiba-test-login:');
    const b = redisAttemptCounter(redis, 'copaiba-test-login:');
    expect(await a.add(key, 300)).toBe(1);
    expect(await b.add(key, 300)).toBe(2);
    expect(await a.count(key)).toBe(2);
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.count(key)).toBe(0);
    await a.add(key, 60_000);
    await b.clear(key);
    expect(await a.count(key)).toBe(0);
  });
});
