import type { Database } from '@copaiba/db';
import { users } from '@copaiba/db';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { AppError } from '../../lib/app-error.ts';
import { open, seal } from '../../lib/crypto-box.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { UserChanges } from '../accounts/user-cache.ts';

const PERIOD = 30;

export const twoFactorMessages = {
  alreadyOn: 'A autenticação de dois fatores já está ativada.',
  notStarted: 'Abra a tela de autenticação de dois fatores para gerar o QR code primeiro.',
  invalid: 'Código inválido ou expirado. Confira o app autenticador.',
  enabled: 'Autenticação de dois fatores ativada!',
} as const;

/** TOTP per RFC 6238 (SHA-1, 30 s, 6 digits): works with any authenticator app. */
export function createTwoFactorService(deps: {
  db: Database;
  encryptionKey: Buffer;
  now: () => Date;
  userChanges: UserChanges;
}) {
  const { db, encryptionKey, now, userChanges } = deps;

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
    const claimed = await executor
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
      )
      .returning({ id: users.id });
    return claimed.length === 1 ? step : null;
  }

  return {
    consume,

    /** A new secret (replacing an unconfirmed one) and its otpauth URL for the QR code. */
    async setup(user: UserRow): Promise<{ url: string }> {
      if (user.isTwoFactorAuthentication) throw AppError.conflict(twoFactorMessages.alreadyOn);
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await db
        .update(users)
        .set({ totpSecretEnc: seal(encryptionKey, secret), totpLastStep: null })
        .where(eq(users.id, user.id));
      userChanges.changed(user.id);
      return { url: totpFor(user, secret).toString() };
    },

    async activate(user: UserRow, code: string) {
      if (user.isTwoFactorAuthentication) throw AppError.conflict(twoFactorMessages.alreadyOn);
      if (!user.totpSecretEnc) throw new AppError(400, twoFactorMessages.notStarted);
      if ((await consume(user, code)) === null)
        throw AppError.badRequest('token', twoFactorMessages.invalid);
      await db
        .update(users)
        .set({ isTwoFactorAuthentication: true, updatedAt: now() })
        .where(eq(users.id, user.id));
      userChanges.changed(user.id);
      return { message: twoFactorMessages.enabled };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
