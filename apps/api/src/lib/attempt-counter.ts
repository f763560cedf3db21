import type { Redis } from 'ioredis';

/**
 * Counts failed attempts per key inside a window that starts at the first failure. In one
 * process's memory by default; in Redis when the API runs as several instances.
 */
export interface AttemptCounter {
  count(key: string): Promise<number>;
  /** Records a failure; returns the failures in the current window. */
  add(key: string, windowMs: number): Promise<number>;
  clear(key: string): Promise<void>;
}

export function memoryAttemptCounter(now: () => Date): AttemptCounter {
  const entries = new Map<string, { failures: number; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= now().getTime()) entries.delete(key);
    return entries.get(key);
  };
  return {
    async count(key) {
      return live(key)?.failures ?? 0;
    },
    async add(key, windowMs) {
      const entry = live(key) ?? { failures: 0, until: now().getTime() + windowMs };
      entry.failures++;
      entries.set(key, entry);
      return entry.failures;
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

export function redisAttemptCounter(redis: Redis, prefix: string): AttemptCounter {
  return {
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async add(key, windowMs) {
      const [[, failures]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()) as [[Error | null, number], [Error | null, number]];
      return failures;
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}
