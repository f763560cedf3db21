import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';

export interface Limit {
  max: number;
  timeWindow: number;
}

const MINUTE = 60_000;

/** Per client address and route. Tuned for people, not scripts. */
export const defaultRateLimits = {
  login: { max: 10, timeWindow: MINUTE },
  register: { max: 5, timeWindow: 10 * MINUTE },
  confirm: { max: 10, timeWindow: 10 * MINUTE },
  mail: { max: 5, timeWindow: 10 * MINUTE },
  refresh: { max: 60, timeWindow: MINUTE },
  captcha: { max: 30, timeWindow: MINUTE },
  deposit: { max: 10, timeWindow: 10 * MINUTE },
} satisfies Record<string, Limit>;

/**
 * For routes behind `app.authenticate`: counts per signed-in user rather than per address, so
 * people sharing a network (or a proxy) do not use up each other's budget.
 */
export const perUser = (limit: Limit) => ({
  ...limit,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) =>
    request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
});

export type RateLimits = typeof defaultRateLimits;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export const rateLimitPlugin = fp<{ limits: RateLimits; redis?: Redis; redisKeyPrefix: string }>(
  async (app: FastifyInstance, { limits, redis, redisKeyPrefix }) => {
    app.decorate('rateLimits', limits);
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${redisKeyPrefix}rl:` } : {}),
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(429, `Muitas tentativas. Tente novamente em ${seconds} segundos.`);
      },
    });
  },
);
