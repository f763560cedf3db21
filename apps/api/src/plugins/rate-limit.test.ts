import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { deriveSecrets } from '../lib/secrets.ts';
import { localStorage } from '../lib/storage/local-storage.ts';
import { tmpdir } from 'node:os';
import { requestDeposit, signedIn } from '../testing/fixtures.ts';
import { testRedis } from '../testing/redis.ts';
import { createTestApp, generousRateLimits } from '../testing/test-app.ts';
import { createTestDatabase } from '@copaiba/db/testing';

const tight = {
  ...generousRateLimits,
  login: { max: 3, timeWindow: 60_000 },
  register: { max: 2, timeWindow: 60_000 },
  confirm: { max: 2, timeWindow: 60_000 },
  mail: { max: 2, timeWindow: 60_000 },
  captcha: { max: 4, timeWindow: 60_000 },
};

describe('rate limits', () => {
  it('answers 429 with a pt-BR detail on login, register, confirm, reset, captcha and contact', async () => {
    const t = await createTestApp({ rateLimits: tight });
    try {
      const hit = (method: 'POST' | 'PUT' | 'GET', url: string, times: number) =>
        Promise.all(
          Array.from({ length: times }, () =>
            t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} }),
          ),
        );
      const cases: Array<['POST' | 'PUT' | 'GET', string, number]> = [
        ['POST', '/api/login/common/', 3],
        ['POST', '/api/account/register/', 2],
        ['PUT', '/api/email/confirm/', 2],
        ['POST', '/api/password/reset/', 2],
        ['GET', '/api/captcha/challenge/', 4],
        ['POST', '/api/support/send-email/', 2],
      ];
      for (const [method, url, max] of cases) {
        const within = await hit(method, url, max);
        expect(
          within.map((r) => r.statusCode),
          url,
        ).not.toContain(429);
        const over = await t.app.inject({
          method,
          url,
          payload: method === 'GET' ? undefined : {},
        });
        expect(over.statusCode, `${url}: ${over.body}`).toBe(429);
        expect(over.json().detail).toMatch(
          /^Muitas tentativas\. Tente novamente em \d+ segundos\.$/,
        );
        expect(over.headers['retry-after']).toBeDefined();
      }
    } finally {
      await t.close();
    }
  });
});

describe('who a limit counts', () => {
  it('ignores a forged X-Forwarded-For unless a proxy is trusted', async () => {
    const t = await createTestApp({ rateLimits: tight });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login/common/',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: {},
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await t.close();
    }
  });

  it('counts deposits per signed-in investor, not per address', async () => {
    const t = await createTestApp({
      rateLimits: { ...generousRateLimits, deposit: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const deposit = (access: string) => requestDeposit(t, { access }, '30.00');
      const [ana, bia] = [await signedIn(t), await signedIn(t)];
      const first = [await deposit(ana.access), await deposit(ana.access)];
      expect(first.map((r) => r.statusCode)).toEqual([201, 201]);
      expect((await deposit(ana.access)).statusCode).toBe(429);
      expect((await deposit(bia.access)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits across instances', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterAll(() => redis?.quit());

  it('count one budget for every API instance sharing REDIS_URL and its key prefix', async () => {
    const database = await createTestDatabase();
    const secrets = deriveSecrets(randomBytes(32).toString('hex'), randomBytes(32).toString('hex'));
    // A client address of its own keeps parallel runs apart; the prefixes, this run's environments.
    const address = `10.${[...randomBytes(3)].join('.')}`;
    const run = randomBytes(4).toString('hex');
    const limits = { ...tight, login: { max: 4, timeWindow: 60_000 } };
    const build = async (environment: string) => {
      const app = await buildApp({
        // As behind a load balancer that sets X-Forwarded-For.
        config: loadConfig({
          NODE_ENV: 'test',
          TRUST_PROXY: '127.0.0.1',
          REDIS_KEY_PREFIX: `copaiba-test-${run}-${environment}-`,
        }),
        database,
        secrets,
        redis,
        rateLimits: limits,
        storage: localStorage(tmpdir()),
        webDistDir: '/nonexistent',
      });
      app.addHook('onRequest', async (request) => {
        request.headers['x-forwarded-for'] = address;
      });
      return app;
    };
    const a = await build('production');
    const b = await build('production');
    const staging = await build('staging');
    const attempt = async (app: typeof a) =>
      (await app.inject({ method: 'POST', url: '/api/login/common/', payload: {} })).statusCode;
    try {
      const statuses: number[] = [];
      for (const app of [a, b, a, b, a]) statuses.push(await attempt(app));
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
      // Another deployment on the same Redis counts apart.
      expect(await attempt(staging)).toBe(400);
      expect((await redis.keys(`copaiba-test-${run}-production-rl:*`)).length).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
      await staging.close();
      await database.close();
    }
  });
});
