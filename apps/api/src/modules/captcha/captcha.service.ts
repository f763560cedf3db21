import { captchaSolutions, type Database } from '@copaiba/db';
import { CAPTCHA_INVALID } from '@copaiba/contracts';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import { lt } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface CaptchaService {
  challenge(): Promise<Awaited<ReturnType<typeof createChallenge>>>;
  /** Accepts a solved payload once; anything else is a 400 on field `captcha`. */
  verify(payload: string): Promise<void>;
}

export function createCaptchaService(
  db: Database,
  hmacKey: string,
  maxNumber: number,
): CaptchaService {
  const invalid = () => AppError.badRequest('captcha', CAPTCHA_INVALID);
  return {
    challenge: () =>
      createChallenge({ hmacKey, maxNumber, expires: new Date(Date.now() + CHALLENGE_TTL_MS) }),
    async verify(payload) {
      let decoded: { signature?: unknown; salt?: unknown };
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof decoded;
      } catch {
        throw invalid();
      }
      if (typeof decoded?.signature !== 'string' || typeof decoded.salt !== 'string')
        throw invalid();
      if (!(await verifySolution(payload, hmacKey, true).catch(() => false))) throw invalid();
      const expires =
        Number(extractParams(payload).expires) * 1000 || Date.now() + CHALLENGE_TTL_MS;
      const inserted = await db
        .insert(captchaSolutions)
        .values({ signature: decoded.signature, expiresAt: new Date(expires) })
        .onConflictDoNothing()
        .returning({ signature: captchaSolutions.signature });
      if (inserted.length === 0) throw invalid();
      await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, new Date()));
    },
  };
}
