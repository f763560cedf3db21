import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@copaiba/db/testing';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig } from '../config.ts';
import { deriveSecrets } from '../lib/secrets.ts';
import { localStorage } from '../lib/storage/local-storage.ts';
import { smtpMailer } from '../mail/mailer.ts';
import type { PixProvider } from '../modules/pix/pix-provider.ts';
import { defaultRateLimits, type RateLimits } from '../plugins/rate-limit.ts';
import { TEST_ENCRYPTION_SECRET } from './test-keys.ts';
import { solveCaptcha } from './solve-captcha.ts';
import { startSmtpSink } from './smtp-sink.ts';

/** Limits high enough that only the rate-limit tests meet them. */
export const generousRateLimits = Object.fromEntries(
  Object.entries(defaultRateLimits).map(([k, v]) => [k, { ...v, max: 10_000 }]),
) as RateLimits;

/** A local chain in the app's process, its explorer links under https://copaiba.test. */
export const localChainEnv = { CHAIN_MODE: 'local', PUBLIC_URL: 'https://copaiba.test' };

export interface TestAppOptions {
  rateLimits?: RateLimits;
  env?: Record<string, string>;
  webDistDir?: string;
  /** Replaces the provider PIX_PROVIDER would build. */
  pix?: PixProvider;
  /** The app's logger (none by default). */
  logger?: AppDeps['logger'];
}

/**
 * The real app on a fresh database of the run's PostgreSQL server, mailing over real SMTP to an
 * in-process sink, with a clock the test can move.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await createTestDatabase();
  const smtp = await startSmtpSink();
  const config = loadConfig({ NODE_ENV: 'test', CAPTCHA_MAX_NUMBER: '2000', ...options.env });
  const clock = { now: new Date() };
  const mediaDir = mkdtempSync(join(tmpdir(), 'copaiba-media-'));
  const storage = localStorage(mediaDir);
  const deps: AppDeps = {
    config,
    database,
    // JWT_SECRET in `env`: a server process started beside it accepts its access tokens.
    secrets: deriveSecrets(
      config.JWT_SECRET ?? randomBytes(32).toString('hex'),
      TEST_ENCRYPTION_SECRET,
    ),
    mailer: smtpMailer(smtp.url, config.MAIL_FROM),
    storage,
    rateLimits: options.rateLimits ?? generousRateLimits,
    now: () => clock.now,
    webDistDir: options.webDistDir ?? '/nonexistent',
    ...(options.pix ? { pix: options.pix } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  };
  const app = await buildApp(deps);
  await app.ready();

  return {
    app,
    database,
    storage,
    mediaDir,
    db: database.db,
    smtp,
    clock,
    /** After writing users rows directly: resolves once the app's user cache has heard of it. */
    usersWritten: () => app.userCache.synced(),
    /** Moves the app's clock forward. */
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    async captcha(): Promise<string> {
      const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge/' });
      return solveCaptcha(res.json());
    },
    async close() {
      await app.close();
      await smtp.close();
      await database.close().catch(() => undefined);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
