import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@copaiba/db';
import { createVerifier } from 'fast-jwt';
import { SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.ts';
import { keyedHash, type Secrets } from '../../lib/secrets.ts';
import * as repo from './accounts.repo.ts';

const ISSUER = 'copaiba';
export const SESSION_EXPIRED = 'Sessão expirada. Faça login novamente.';

export interface SessionTokenOptions {
  secrets: Secrets;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  now: () => Date;
}

export interface AccessClaims {
  userId: number;
  tokenVersion: number;
}

export function createSessionTokens({
  secrets,
  accessTtlSeconds,
  refreshTtlDays,
  now,
}: SessionTokenOptions) {
  const hashRefresh = (token: string) => keyedHash(secrets.hashKey, `refresh:${token}`);
  // Synchronous HMAC (node:crypto): no WebCrypto thread-pool job per request. Expiry is checked
  // against the injected clock below, so tests that move the clock see tokens expire. A token
  // verified once is remembered (under its SHA-256) while a client sends it again for minutes.
  const verifyJwt = createVerifier({
    key: Buffer.from(secrets.jwtKey),
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['iss', 'sub', 'exp'],
    ignoreExpiration: true,
    cache: 10_000,
    cacheTTL: accessTtlSeconds * 1000,
  });

  async function signAccess(user: { id: number; tokenVersion: number }): Promise<string> {
    const iat = Math.floor(now().getTime() / 1000);
    return new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(user.id))
      .setIssuedAt(iat)
      .setExpirationTime(iat + accessTtlSeconds)
      .sign(secrets.jwtKey);
  }

  async function issueRefresh(
    db: Database,
    userId: number,
    familyId: string = randomUUID(),
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now().getTime() + refreshTtlDays * 86_400_000);
    await repo.insertRefreshToken(db, {
      userId,
      familyId,
      tokenHash: hashRefresh(token),
      expiresAt,
    });
    return token;
  }

  return {
    /** A new session: access token plus the first refresh token of a new family. */
    async issue(db: Database, user: { id: number; tokenVersion: number }) {
      return { access: await signAccess(user), refresh: await issueRefresh(db, user.id) };
    },

    verifyAccess(token: string): AccessClaims | null {
      let payload: Record<string, unknown>;
      try {
        payload = verifyJwt(token) as Record<string, unknown>;
      } catch {
        return null;
      }
      const userId = Number(payload.sub);
      const expired =
        typeof payload.exp !== 'number' || payload.exp <= Math.floor(now().getTime() / 1000);
      if (expired || !Number.isSafeInteger(userId) || typeof payload.ver !== 'number') return null;
      return { userId, tokenVersion: payload.ver };
    },

    /** Rotates a refresh token; presenting an already-rotated one revokes its whole family. */
    async rotate(db: Database, refresh: string) {
      const tokenHash = hashRefresh(refresh);
      const at = now();
      const next = await db.transaction(async (tx) => {
        const rotated = await repo.rotateRefreshToken(tx, tokenHash, at);
        const user = rotated && (await repo.findUserById(tx, rotated.userId));
        if (!rotated || !user || user.closedAt) return null;
        return {
          access: await signAccess(user),
          refresh: await issueRefresh(tx, user.id, rotated.familyId),
        };
      });
      if (next) return next;
      const known = await repo.findRefreshToken(db, tokenHash);
      if (known?.rotatedAt) await repo.revokeFamily(db, known.familyId, at);
      throw AppError.unauthorized(SESSION_EXPIRED);
    },

    async revoke(db: Database, refresh: string): Promise<void> {
      const known = await repo.findRefreshToken(db, hashRefresh(refresh));
      if (known) await repo.revokeFamily(db, known.familyId, now());
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
