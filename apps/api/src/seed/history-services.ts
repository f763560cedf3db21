import { randomBytes } from 'node:crypto';
import type { Database } from '@copaiba/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Storage } from '../lib/storage/storage.ts';
import { createAdminService } from '../modules/admin/admin.service.ts';
import { outboxChainRecorder } from '../modules/chain/chain-recorder.ts';
import { createConsentsService } from '../modules/consents/consents.service.ts';
import { createManagerService } from '../modules/manager/manager.service.ts';
import { recordNotification } from '../modules/notifications/notifications.service.ts';
import { sandboxPixProvider } from '../modules/pix/pix-provider.ts';
import { createTwoFactorService } from '../modules/two-factor/two-factor.service.ts';
import { createSecondStepGuard } from '../modules/two-factor/second-step-guard.ts';
import { createSecurityService } from '../modules/security/security.service.ts';
import { memoryAttemptCounter } from '../lib/attempt-counter.ts';
import { createIdentityBox } from '../lib/identity-box.ts';
import { deriveSecrets } from '../lib/secrets.ts';
import { createWalletService } from '../modules/wallet/wallet.service.ts';
import { createWithdrawalsService } from '../modules/wallet/withdrawals.service.ts';

/** What of the configuration the history follows: the Pix receiver, the limits, the window. */
export type HistoryConfig = Pick<
  Config,
  | 'PIX_RECEIVER_KEY'
  | 'PIX_MERCHANT_NAME'
  | 'PIX_MERCHANT_CITY'
  | 'DEPOSIT_MONTHLY_LIMIT'
  | 'WITHDRAW_MONTHLY_LIMIT'
  | 'DESISTENCIA_DAYS'
>;

/** The seed runs before the app and its logger: what a service would log goes to stderr. */
const toStderr = (...args: unknown[]) => {
  process.stderr.write(`seed: ${JSON.stringify(args)}\n`);
};
const quiet = () => undefined;
export const seedLog = {
  level: 'warn',
  fatal: toStderr,
  error: toStderr,
  warn: toStderr,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => seedLog,
} as FastifyBaseLogger;

/**
 * The product's services as the app wires them (app.ts), on the seed's transaction and its clock,
 * for the history: built here only, so a service that gains a dependency changes this one place.
 * Pix is always the sandbox (the history never reaches a PSP); no user cache exists yet, so a
 * change of a user has nobody to tell; the history never checks a second factor, so two-factor
 * gets a key of its own.
 */
export function historyServices(
  tx: Database,
  storage: Storage,
  config: HistoryConfig,
  now: () => Date,
) {
  const pix = sandboxPixProvider(config);
  const notifications = { record: recordNotification };
  const noUserCacheYet = { changed: () => undefined };
  const security = createSecurityService({ db: tx, now, notifications });
  const twoFactor = createTwoFactorService({
    db: tx,
    encryptionKey: randomBytes(32),
    now,
    userChanges: noUserCacheYet,
    security,
    secondStep: createSecondStepGuard(memoryAttemptCounter(now), randomBytes(32)),
  });
  // The seed writes identity data in clear and the start seals it after the seed (server.ts):
  // nothing the history reads is sealed yet, so a key of its own opens nothing.
  const identity = createIdentityBox(deriveSecrets('unused', randomBytes(32).toString('hex')));
  return {
    wallet: createWalletService({
      db: tx,
      pix,
      limits: {
        depositMonthlyCents: config.DEPOSIT_MONTHLY_LIMIT,
        withdrawMonthlyCents: config.WITHDRAW_MONTHLY_LIMIT,
      },
      now,
      log: seedLog,
      consents: createConsentsService({ db: tx, now }),
      notifications,
    }),
    withdrawals: createWithdrawalsService({
      db: tx,
      pix,
      twoFactor,
      monthlyLimitCents: config.WITHDRAW_MONTHLY_LIMIT,
      now,
      log: seedLog,
      notifications,
    }),
    admin: createAdminService({
      db: tx,
      chain: outboxChainRecorder,
      now,
      log: seedLog,
      userChanges: noUserCacheYet,
      notifications,
      identity,
      security,
    }),
    manager: createManagerService({ db: tx, storage, now, notifications }),
  };
}

export type HistoryServices = ReturnType<typeof historyServices>;
