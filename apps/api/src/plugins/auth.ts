import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { securityMessages } from '@copaiba/contracts';
import { AppError } from '../lib/app-error.ts';
import type { UserRow } from '../modules/accounts/accounts.service.ts';
import type { EndedSessions } from '../modules/accounts/ended-sessions.ts';
import type { SessionTokens } from '../modules/accounts/session-tokens.ts';
import type { UserCache } from '../modules/accounts/user-cache.ts';

export type Role = 'creator' | 'admin' | 'manager';

const ROLE_DENIED: Record<Role, string> = {
  creator: 'Apenas criadores de token podem acessar esta área. Solicite acesso em "Seja Emissor".',
  admin: 'Apenas administradores podem acessar esta área.',
  manager: 'Apenas gestores de projeto podem acessar esta área.',
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The user rows authentication reads (tests await `synced()` after writing users directly). */
    userCache: UserCache;
    /** onRequest hook: 401 unless a valid access token of a live user is presented. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hooks: authenticated, holding the role (403 with a detail otherwise) and, for the
     * admin and creator roles, with two-factor on (docs/product.md §19).
     */
    requireRole: (role: Role) => Array<(request: FastifyRequest) => Promise<void>>;
  }
  interface FastifyRequest {
    user: UserRow | null;
    /** The session the access token names (docs/product.md §19); null for older tokens. */
    sessionId: number | null;
    requireUser(): UserRow;
  }
}

const INVALID_TOKEN = 'Token inválido ou expirado.';

/** The roles whose stolen password would do the most harm: two-factor is required to use them. */
const TWO_FACTOR_ROLES: ReadonlySet<Role> = new Set(['admin', 'creator']);

export const authPlugin = fp<{
  users: UserCache;
  sessions: SessionTokens;
  endedSessions: Pick<EndedSessions, 'isEnded'>;
}>(async (app: FastifyInstance, { users, sessions, endedSessions }) => {
  app.decorate('userCache', users);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('requireUser', function (this: FastifyRequest) {
    if (!this.user) throw AppError.unauthorized();
    return this.user;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw AppError.unauthorized();
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw AppError.unauthorized(INVALID_TOKEN);
    const claims = sessions.verifyAccess(token);
    const user = claims && (await users.find(claims.userId));
    if (!user || user.closedAt || user.tokenVersion !== claims?.tokenVersion)
      throw AppError.unauthorized(INVALID_TOKEN);
    // A session ended in 'Dispositivos conectados' stops here, not at its token's expiry.
    if (claims.sessionId !== null && (await endedSessions.isEnded(claims.sessionId)))
      throw AppError.unauthorized(INVALID_TOKEN);
    request.user = user;
    request.sessionId = claims.sessionId;
  });
  app.decorate('requireRole', (role: Role) => [
    app.authenticate,
    async (request: FastifyRequest) => {
      const user = request.requireUser();
      const allowed =
        role === 'creator'
          ? user.isTokenCreator
          : role === 'admin'
            ? user.isAdmin
            : user.isProjectManager;
      if (!allowed) throw AppError.forbidden(ROLE_DENIED[role]);
      if (TWO_FACTOR_ROLES.has(role) && !user.isTwoFactorAuthentication)
        throw new AppError(403, securityMessages.twoFactorRequired, {
          code: 'two_factor_required',
        });
    },
  ]);
});
