import { Redis } from 'ioredis';

/**
 * The Redis of the tests of shared counters (rate limits, login lockout across instances): REDIS_URL,
 * or this machine's. Without one, the test fails with one line that says how to start it.
 */
export async function testRedis(): Promise<Redis> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  // The failure is reported below, in one line.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    throw new Error(
      `Redis não respondeu em ${url}: inicie um com \`redis-server --daemonize yes\` ou defina REDIS_URL.`,
    );
  }
}
