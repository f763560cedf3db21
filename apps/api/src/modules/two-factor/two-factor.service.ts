import { randomInt } from 'node:crypto';
import {
  formatRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  securityMessages,
  type TwoFactorActivation,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { verify } from '@node-rs/argon2';
import * as OTPAuth from 'otpauth';
import { AppError } from '../../lib/app-error.ts';
import { open, seal } from '../../lib/crypto-box.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { UserChanges } from '../accounts/user-cache.ts';
import type { SecurityService } from '../security/security.service.ts';
import type { SecondStepGuard } from './second-step-guard.ts';
import * as repo from './two-factor.repo.ts';

const PERIOD = 30;

export const twoFactorMessages = {
  alreadyOn: 'A autenticação de dois fatores já está ativada.',
  notStarted: 'Abra a tela de autenticação de dois fatores para gerar o QR code primeiro.',
  invalid: 'Código inválido ou expirado. Confira o app autenticador.',
  enabled: 'Autenticação de dois fatores ativada!',
} as const;

/** A recovery code: 10 characters without look-alikes (0/O, 1/I), about 50 bits. */
function newRecoveryCode(): string {
  return Array.from(
    { length: 10 },
    () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
  ).join('');
}

/**
 * TOTP per RFC 6238 (SHA-1, 30 s, 6 digits): works with any authenticator app. Ten one-time
 * recovery codes at each activation (docs/product.md §19).
 */
export function createTwoFactorService(deps: {
  db: Database;
  encryptionKey: Buffer;
  now: () => Date;
  userChanges: UserChanges;
  security: Pick<SecurityService, 'record'>;
  /** Wrong codes of the app count with the login's second step and lock the same way. */
  secondStep: SecondStepGuard;
}) {
  const { db, encryptionKey, now, userChanges, security, secondStep } = deps;

  const totpFor = (user: UserRow, secret: string) =>
    new OTPAuth.TOTP({
      issuer: 'Copaíba',
      label: user.email,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD,
      secret: OTPAuth.Secret.fromBase32(secret),
    });

  /**
   * The time step of a valid code (one step of clock drift allowed), recorded as used so the same
   * code never works twice; null when the code is wrong, stale or already used. Inside a
   * transaction pass it as `executor`, so the step is spent with the rest of the transaction.
   */
  async function consume(
    user: UserRow,
    code: string,
    executor: Database = db,
  ): Promise<number | null> {
    if (!user.totpSecretEnc || !/^\d{6}$/.test(code)) return null;
    const timestamp = now().getTime();
    const delta = totpFor(user, open(encryptionKey, user.totpSecretEnc)).validate({
      token: code,
      timestamp,
      window: 1,
    });
    if (delta === null) return null;
    const step = Math.floor(timestamp / 1000 / PERIOD) + delta;
    return (await repo.claimStep(executor, user.id, step)) ? step : null;
  }

  return {
    consume,

    /**
     * Spends one of the user's unused recovery codes (normalized: upper case, no separators)
     * inside `tx`; false when none matches. The codes are locked while they are compared, so two
     * logins never spend the same one.
     */
    async redeemRecoveryCode(tx: Database, userId: number, code: string, at: Date) {
      for (const candidate of await repo.lockUnusedRecoveryCodes(tx, userId)) {
        if (await verify(candidate.codeHash, code).catch(() => false)) {
          await repo.markRecoveryCodeUsed(tx, candidate.id, at);
          return true;
        }
      }
      return false;
    },

    /** A new secret (replacing an unconfirmed one) and its otpauth URL for the QR code. */
    async setup(user: UserRow): Promise<{ url: string }> {
      if (user.isTwoFactorAuthentication) throw AppError.conflict(twoFactorMessages.alreadyOn);
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await repo.setPendingSecret(db, user.id, seal(encryptionKey, secret));
      userChanges.changed(user.id);
      return { url: totpFor(user, secret).toString() };
    },

    /**
     * Turns two-factor on with a code of the app; answers, this once, ten recovery codes, stored
     * only as hashes (any earlier ones are void).
     */
    async activate(
      user: UserRow,
      code: string,
      origin: RequestOrigin,
    ): Promise<TwoFactorActivation> {
      if (user.isTwoFactorAuthentication) throw AppError.conflict(twoFactorMessages.alreadyOn);
      if (!user.totpSecretEnc) throw new AppError(400, twoFactorMessages.notStarted);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const activated = await db.transaction(async (tx) => {
        if ((await consume(user, code, tx)) === null) return false;
        await repo.setEnabled(tx, user.id, true, now());
        const hashes = await Promise.all(codes.map((c) => hashPassword(c)));
        await repo.replaceRecoveryCodes(tx, user.id, hashes);
        await security.record(tx, user.id, 'two_factor_enabled', origin);
        return true;
      });
      if (!activated) throw AppError.badRequest('token', twoFactorMessages.invalid);
      userChanges.changed(user.id);
      return { message: twoFactorMessages.enabled, recovery_codes: codes.map(formatRecoveryCode) };
    },

    /**
     * Turns two-factor off with a current code of the app; administrators and token creators may
     * not (docs/product.md §19). The secret and the recovery codes go.
     */
    async disable(user: UserRow, code: string, origin: RequestOrigin) {
      if (user.isAdmin || user.isTokenCreator)
        throw AppError.forbidden(securityMessages.privilegedKeepsTwoFactor);
      if (!user.isTwoFactorAuthentication) throw new AppError(400, securityMessages.twoFactorOff);
      if (await secondStep.locked(user.id))
        throw new AppError(429, securityMessages.secondStepLocked);
      const disabled = await db.transaction(async (tx) => {
        if ((await consume(user, code, tx)) === null) return false;
        await repo.setEnabled(tx, user.id, false, now());
        await repo.replaceRecoveryCodes(tx, user.id, []);
        await security.record(tx, user.id, 'two_factor_disabled', origin);
        return true;
      });
      if (!disabled) {
        await secondStep.failed(user.id);
        throw AppError.badRequest('code', securityMessages.codeInvalid);
      }
      await secondStep.cleared(user.id);
      userChanges.changed(user.id);
      return { message: securityMessages.twoFactorDisabled };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
