import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@copaiba/db';
import { createVerifier } from 'fast-jwt';
import { SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.ts';
import { keyedHash, type Secrets } from '../../lib/secrets.ts';
import * as repo from './accounts.repo.ts';
import type { EndedSessions } from './ended-sessions.ts';

const ISSUER = 'copaiba';
export const SESSION_EXPIRED = 'Sessão expirada. Faça login novamente.';

export interface SessionTokenOptions {
  secrets: Secrets;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  now: () => Date;
  /** Told of sessions this process ended, so their access tokens stop here at once. */
  endedSessions: Pick<EndedSessions, 'ended'>;
}

export interface AccessClaims {
  userId: number;
  tokenVersion: number;
  /** The session (docs/product.md §19) the token was issued for; null for tokens from before it. */
  sessionId: number | null;
}

/** Where a session is used from: the device as named from the user agent, and the address. */
export interface SessionOrigin {
  device: string;
  ip: string;
}

export function createSessionTokens({
  secrets,
  accessTtlSeconds,
  refreshTtlDays,
  now,
  endedSessions,
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

  async function signAccess(
    user: { id: number; tokenVersion: number },
    sessionId: number,
  ): Promise<string> {
    const iat = Math.floor(now().getTime() / 1000);
    return new SignJWT({ ver: user.tokenVersion, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(user.id))
      .setIssuedAt(iat)
      .setExpirationTime(iat + accessTtlSeconds)
      .sign(secrets.jwtKey);
  }

  async function issueRefresh(db: Database, userId: number, familyId: string) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now().getTime() + refreshTtlDays * 86_400_000);
    await repo.insertRefreshToken(db, {
      userId,
      familyId,
      tokenHash: hashRefresh(token),
      expiresAt,
    });
    return { token, expiresAt };
  }

  return {
    /**
     * A new session: its row (device, address), the first refresh token of its family and an
     * access token naming it.
     */
    async issue(db: Database, user: { id: number; tokenVersion: number }, origin: SessionOrigin) {
      const familyId = randomUUID();
      const refresh = await issueRefresh(db, user.id, familyId);
      const session = await repo.insertSession(db, {
        userId: user.id,
        familyId,
        device: origin.device,
        ip: origin.ip,
        at: now(),
        expiresAt: refresh.expiresAt,
      });
      return {
        access: await signAccess(user, session.id),
        refresh: refresh.token,
        sessionId: session.id,
      };
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
      const sessionId = Number.isSafeInteger(payload.sid) ? (payload.sid as number) : null;
      return { userId, tokenVersion: payload.ver, sessionId };
    },

    /**
     * Rotates a refresh token; presenting an already-rotated one revokes its whole family. The
     * session is renewed (last used, address); a family from before sessions existed gets one.
     */
    async rotate(db: Database, refresh: string, origin: SessionOrigin) {
      const tokenHash = hashRefresh(refresh);
      const at = now();
      const next = await db.transaction(async (tx) => {
        const rotated = await repo.rotateRefreshToken(tx, tokenHash, at);
        const user = rotated && (await repo.findUserById(tx, rotated.userId));
        if (!rotated || !user || user.closedAt) return null;
        const renewed = await issueRefresh(tx, user.id, rotated.familyId);
        let session = await repo.findSessionByFamily(tx, rotated.familyId);
        if (session?.endedAt) return null;
        if (session) {
          await repo.touchSession(tx, session.id, {
            at,
            ip: origin.ip,
            expiresAt: renewed.expiresAt,
          });
        } else {
          session = await repo.insertSession(tx, {
            userId: user.id,
            familyId: rotated.familyId,
            ...origin,
            at,
            expiresAt: renewed.expiresAt,
          });
        }
        return { access: await signAccess(user, session.id), refresh: renewed.token };
      });
      if (next) return next;
      const known = await repo.findRefreshToken(db, tokenHash);
      if (known?.rotatedAt) endedSessions.ended(await repo.revokeFamily(db, known.familyId, at));
      throw AppError.unauthorized(SESSION_EXPIRED);
    },

    async revoke(db: Database, refresh: string): Promise<void> {
      const known = await repo.findRefreshToken(db, hashRefresh(refresh));
      if (known) endedSessions.ended(await repo.revokeFamily(db, known.familyId, now()));
    },

    /** The user's open sessions, `current` marking the one the request came with. */
    async list(db: Database, userId: number, currentId: number | null) {
      const rows = await repo.liveSessions(db, userId, now());
      return rows.map((row) => ({
        id: row.id,
        device: row.device,
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        current: row.id === currentId,
      }));
    },

    /** Ends one of the user's own open sessions; false when there is none of that id. */
    async end(db: Database, userId: number, sessionId: number): Promise<boolean> {
      const session = await repo.findLiveSession(db, userId, sessionId, now());
      if (!session) return false;
      endedSessions.ended(await repo.revokeFamily(db, session.familyId, now()));
      return true;
    },

    /** Ends every open session of the user but `currentId`. */
    async endOthers(db: Database, userId: number, currentId: number | null): Promise<void> {
      const at = now();
      for (const familyId of await repo.otherLiveFamilies(db, userId, currentId, at))
        endedSessions.ended(await repo.revokeFamily(db, familyId, at));
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
