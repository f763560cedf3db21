import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  INVALID_EMAIL,
  securityMessages,
  type ConfirmEmailBody,
  type LoginBody,
  type LoginTwoFactorBody,
  type PasswordResetBody,
  type RegisterBody,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { verify } from '@node-rs/argon2';
import type { AttemptCounter } from '../../lib/attempt-counter.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { describeDevice } from '../../lib/device.ts';
import { sealedIdentity, type IdentityBox } from '../../lib/identity-box.ts';
import { keyedHash, type Secrets } from '../../lib/secrets.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { CURRENT_VERSIONS, type ConsentsService } from '../consents/consents.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SecurityService } from '../security/security.service.ts';
import type { SecondStepGuard } from '../two-factor/second-step-guard.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import * as repo from './accounts.repo.ts';
import { hashPassword } from './passwords.ts';
import { toUserResponse } from './user-response.ts';
import type { SessionTokens } from './session-tokens.ts';
import type { UserChanges } from './user-cache.ts';

/** A user's row, as authentication hands it to every module. */
export type { UserRow } from './accounts.repo.ts';

export const CONFIRMATION_TTL_HOURS = 24;
export const RESET_TTL_MINUTES = 60;
export const MAX_CODE_ATTEMPTS = 5;
/** Wrong passwords for one account before it is locked for the rest of the window. */
export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
/** The second step of a login (docs/product.md §19): void after this long or 5 wrong codes. */
export const LOGIN_CHALLENGE_MINUTES = 5;
/** The e-mail domain of closed (anonymized) accounts: `.invalid` never resolves (RFC 2606). */
export const CLOSED_ACCOUNT_DOMAIN = 'anonimo.copaiba.invalid';

export const messages = {
  registered: 'Conta criada! Enviamos um código de confirmação para o seu e-mail.',
  emailTaken: 'Já existe uma conta com este e-mail.',
  cpfCnpjTaken: 'Já existe uma conta com este CPF ou CNPJ.',
  userNotFound: 'Não encontramos uma conta com este e-mail.',
  alreadyConfirmed: 'Sua conta já está confirmada. Faça login.',
  confirmed: 'Conta confirmada com sucesso! Faça login para continuar.',
  codeInvalid: 'Código inválido. Confira o código enviado para o seu e-mail.',
  codeMissing: 'Não há código ativo para este e-mail. Solicite um novo código.',
  codeExpired: 'Código expirado. Solicite um novo código.',
  codeLocked: 'Muitas tentativas inválidas. Solicite um novo código.',
  codeResent:
    'Se houver uma conta aguardando confirmação com este e-mail, enviamos um novo código.',
  badCredentials: 'E-mail ou senha inválidos.',
  loginLocked: `Muitas tentativas de login nesta conta. Tente novamente em ${LOGIN_LOCK_MINUTES} minutos ou redefina sua senha.`,
  unconfirmed:
    'Confirme seu e-mail para entrar. O código de confirmação foi enviado para o seu e-mail.',
  loggedIn: 'Login realizado com sucesso.',
  resetRequested: 'Se o e-mail estiver cadastrado, você receberá um link para redefinir sua senha.',
  resetExpired: 'Código expirado',
  resetInvalid: 'Link de redefinição inválido. Solicite outro em "Esqueceu sua Senha?".',
  passwordChanged: 'Senha atualizada com sucesso! Faça login com a nova senha.',
} as const;

export interface AccountsDeps {
  db: Database;
  /** Codes and links travel by mail only, through the outbox (docs/product.md §16). */
  mailOutbox: Pick<NotificationsService, 'enqueueMail'>;
  captcha: CaptchaService;
  sessions: SessionTokens;
  secrets: Secrets;
  publicUrl: string;
  now: () => Date;
  /** Wrong passwords per account (keyed by a hash of the e-mail). */
  loginFailures: AttemptCounter;
  userChanges: UserChanges;
  consents: Pick<ConsentsService, 'record'>;
  identity: IdentityBox;
  security: Pick<SecurityService, 'record'>;
  twoFactor: Pick<TwoFactorService, 'consume' | 'redeemRecoveryCode'>;
  secondStep: SecondStepGuard;
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, mailOutbox, captcha, sessions, secrets, now, loginFailures, userChanges, consents } =
    deps;
  const { identity, security, twoFactor, secondStep } = deps;
  const loginKey = (email: string) =>
    keyedHash(secrets.hashKey, `login:${email.trim().toLowerCase()}`);
  const challengeHash = (challenge: string) => keyedHash(secrets.hashKey, `challenge:${challenge}`);
  const lockWindowMs = LOGIN_LOCK_MINUTES * 60_000;
  const codeHash = (purpose: string, userId: number, code: string) =>
    keyedHash(secrets.hashKey, `${purpose}:${userId}:${code}`);
  // Verifying against this keeps a missing account as slow as a wrong password.
  const dummyHash = hashPassword('copaiba-timing-equaliser');

  /** The code and its mail in one transaction: a code is never stored without its mail. */
  async function issueConfirmationCode(user: repo.UserRow): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.transaction(async (tx) => {
      await repo.insertCode(tx, {
        userId: user.id,
        purpose: 'confirm_email',
        codeHash: codeHash('confirm_email', user.id, code),
        expiresAt: new Date(now().getTime() + CONFIRMATION_TTL_HOURS * 3_600_000),
      });
      await mailOutbox.enqueueMail(
        {
          template: 'confirmation',
          userId: user.id,
          data: { code, ttl_hours: CONFIRMATION_TTL_HOURS },
        },
        tx,
      );
    });
  }

  /**
   * Checks a mailed code: expired, locked and wrong codes are refused (a wrong try counts toward
   * the lock); the right one is consumed once, inside the caller's transaction with `onValid`.
   */
  async function redeemCode(
    user: repo.UserRow,
    purpose: 'confirm_email' | 'reset_password',
    presented: string,
    errors: { missing: AppError; expired: AppError; invalid: AppError },
    onValid: (tx: Database) => Promise<void>,
  ): Promise<void> {
    const code = await repo.findOpenCode(db, user.id, purpose);
    const at = now();
    if (!code) throw errors.missing;
    if (code.failedAttempts >= MAX_CODE_ATTEMPTS) throw new AppError(400, messages.codeLocked);
    if (code.expiresAt <= at) throw errors.expired;
    const expected = Buffer.from(code.codeHash);
    const actual = Buffer.from(codeHash(purpose, user.id, presented));
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      const attempts = await repo.recordFailedAttempt(db, code.id, MAX_CODE_ATTEMPTS);
      if (attempts === null || attempts >= MAX_CODE_ATTEMPTS)
        throw new AppError(400, messages.codeLocked);
      throw errors.invalid;
    }
    const redeemed = await db.transaction(async (tx) => {
      if (!(await repo.consumeCode(tx, code.id, MAX_CODE_ATTEMPTS, at))) return false;
      await onValid(tx);
      return true;
    });
    if (!redeemed) throw errors.invalid;
  }

  /**
   * A session for a user whose login is complete, in `tx`: the session row and its tokens, the
   * login event, and a new-device event (mailed) when the person had signed in before but never
   * on a device of this description (docs/product.md §19).
   */
  async function startSession(tx: Database, user: repo.UserRow, origin: RequestOrigin) {
    const device = describeDevice(origin.userAgent);
    const history = await repo.deviceHistory(tx, user.id, device);
    const { access, refresh } = await sessions.issue(tx, user, { device, ip: origin.ip });
    await security.record(tx, user.id, 'login', origin);
    if (history.anySession && !history.knownDevice)
      await security.record(tx, user.id, 'new_device', origin);
    return { access, refresh, detail: messages.loggedIn };
  }

  return {
    /** A new account and the acceptance of the terms of use, which it cannot exist without. */
    async register(body: RegisterBody & { captcha: string }, origin: RequestOrigin) {
      await captcha.verify(body.captcha);
      // Closed accounts take addresses on this domain (privacy module); nobody registers one.
      if (body.email.toLowerCase().endsWith(`@${CLOSED_ACCOUNT_DOMAIN}`))
        throw AppError.badRequest('email', INVALID_EMAIL);
      if (await repo.findUserByEmail(db, body.email))
        throw AppError.badRequest('email', messages.emailTaken);
      if (await repo.findUserByCpfCnpjHash(db, identity.cpfCnpjHash(body.cpf_cnpj))) {
        throw AppError.badRequest('cpf_cnpj', messages.cpfCnpjTaken);
      }
      let user: repo.UserRow;
      const passwordHash = await hashPassword(body.password);
      try {
        user = await db.transaction(async (tx) => {
          const created = await repo.insertUser(tx, {
            name: body.name,
            email: body.email,
            ...sealedIdentity(identity, { cpfCnpj: body.cpf_cnpj, birthDate: body.birth_date }),
            passwordHash,
          });
          const version = CURRENT_VERSIONS.terms_of_use;
          await consents.record(
            tx,
            { userId: created.id, document: 'terms_of_use', version },
            origin,
          );
          return created;
        });
      } catch (err) {
        throw uniqueViolationToField(err) ?? err;
      }
      await issueConfirmationCode(user);
      return { message: messages.registered };
    },

    async confirmEmail({ email, token }: ConfirmEmailBody) {
      const user = await repo.findUserByEmail(db, email);
      if (!user) throw AppError.notFound(messages.userNotFound);
      if (user.isConfirmedEmail) return { message: messages.alreadyConfirmed };
      await redeemCode(
        user,
        'confirm_email',
        token,
        {
          missing: new AppError(400, messages.codeMissing),
          expired: new AppError(400, messages.codeExpired),
          invalid: new AppError(400, messages.codeInvalid),
        },
        (tx) => repo.updateUser(tx, user.id, { isConfirmedEmail: true }),
      );
      userChanges.changed(user.id);
      return { message: messages.confirmed };
    },

    async resendConfirmation(email: string) {
      const user = await repo.findUserByEmail(db, email);
      if (user && !user.isConfirmedEmail) await issueConfirmationCode(user);
      return { message: messages.codeResent };
    },

    /**
     * The first step: e-mail, password and captcha. An account with two-factor on gets a challenge
     * for the second step instead of tokens (docs/product.md §19).
     */
    async login(body: LoginBody & { captcha: string }, origin: RequestOrigin) {
      await captcha.verify(body.captcha);
      // Locked even for the right password: a guesser must not learn when they found it.
      const key = loginKey(body.email);
      if ((await loginFailures.count(key)) >= MAX_LOGIN_FAILURES) {
        throw new AppError(429, messages.loginLocked);
      }
      const user = await repo.findUserByEmail(db, body.email);
      const valid = user
        ? await verify(user.passwordHash, body.password).catch(() => false)
        : await verify(await dummyHash, body.password).then(() => false);
      if (!user || !valid || user.closedAt) {
        await loginFailures.add(key, lockWindowMs);
        if (user && !user.closedAt) await security.record(db, user.id, 'login_failed', origin);
        throw AppError.unauthorized(messages.badCredentials);
      }
      await loginFailures.clear(key);
      if (!user.isConfirmedEmail) {
        const open = await repo.findOpenCode(db, user.id, 'confirm_email');
        if (!open || open.expiresAt <= now() || open.failedAttempts >= MAX_CODE_ATTEMPTS) {
          await issueConfirmationCode(user);
        }
        throw AppError.forbidden(messages.unconfirmed);
      }
      if (user.isTwoFactorAuthentication) {
        if (await secondStep.locked(user.id)) throw new AppError(429, messages.loginLocked);
        const challenge = randomBytes(32).toString('base64url');
        await repo.insertChallenge(db, {
          userId: user.id,
          challengeHash: challengeHash(challenge),
          expiresAt: new Date(now().getTime() + LOGIN_CHALLENGE_MINUTES * 60_000),
        });
        return {
          two_factor_required: true as const,
          challenge,
          detail: securityMessages.secondStep,
        };
      }
      return db.transaction((tx) => startSession(tx, user, origin));
    },

    /**
     * The second step: the challenge and a code of the app (each time step once) or an unused
     * recovery code. Wrong codes count on the challenge (void after 5) and on the account, which
     * locks as for passwords; a code for another account is a wrong code.
     */
    async loginTwoFactor(body: LoginTwoFactorBody, origin: RequestOrigin) {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const challenge = await repo.lockChallenge(tx, challengeHash(body.challenge));
        const usable =
          challenge &&
          !challenge.consumedAt &&
          challenge.expiresAt > at &&
          challenge.failedAttempts < MAX_CODE_ATTEMPTS;
        const user = usable ? await repo.findUserById(tx, challenge.userId) : undefined;
        if (!challenge || !user || user.closedAt || !user.isTwoFactorAuthentication)
          return { kind: 'void' as const };
        if (await secondStep.locked(user.id)) return { kind: 'locked' as const };
        const right =
          body.recovery_code !== undefined
            ? await twoFactor.redeemRecoveryCode(tx, user.id, body.recovery_code, at)
            : (await twoFactor.consume(user, body.code ?? '', tx)) !== null;
        if (!right) {
          await repo.challengeFailed(tx, challenge.id);
          await security.record(tx, user.id, 'login_failed', origin);
          return { kind: 'wrong' as const, userId: user.id };
        }
        await repo.consumeChallenge(tx, challenge.id, at);
        if (body.recovery_code !== undefined)
          await security.record(tx, user.id, 'recovery_code_used', origin);
        return {
          kind: 'signed-in' as const,
          userId: user.id,
          ...(await startSession(tx, user, origin)),
        };
      });
      switch (outcome.kind) {
        case 'void':
          throw new AppError(400, securityMessages.challengeVoid);
        case 'locked':
          throw new AppError(429, messages.loginLocked);
        case 'wrong':
          await secondStep.failed(outcome.userId);
          throw AppError.badRequest(
            body.recovery_code !== undefined ? 'recovery_code' : 'code',
            securityMessages.codeInvalid,
          );
        case 'signed-in': {
          await secondStep.cleared(outcome.userId);
          const { access, refresh, detail } = outcome;
          return { access, refresh, detail };
        }
      }
    },

    /**
     * Records the user's acceptance of the risk term's `version` on their row (which the user cache
     * serves every request, docs/ARCHITECTURE.md) with `alsoInTx` (the consent) in one transaction.
     */
    async acceptRiskTerm(
      userId: number,
      version: string,
      alsoInTx: (tx: Database) => Promise<unknown>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, userId, { riskTermVersion: version });
        await alsoInTx(tx);
      });
      userChanges.changed(userId);
    },

    refresh: (refresh: string, origin: RequestOrigin) =>
      sessions.rotate(db, refresh, { device: describeDevice(origin.userAgent), ip: origin.ip }),

    logout: (refresh: string) => sessions.revoke(db, refresh),

    /** 'Dispositivos conectados' (docs/product.md §19): the user's open sessions. */
    sessions: (user: repo.UserRow, currentSessionId: number | null) =>
      sessions.list(db, user.id, currentSessionId),

    /** Ends one of the user's sessions: its next refresh is refused; another's is not found. */
    async endSession(user: repo.UserRow, sessionId: number): Promise<void> {
      if (!(await sessions.end(db, user.id, sessionId)))
        throw AppError.notFound(securityMessages.sessionNotFound);
    },

    endOtherSessions: (user: repo.UserRow, currentSessionId: number | null) =>
      sessions.endOthers(db, user.id, currentSessionId),

    /** The user as GET /api/user/ answers: identity data opened for its owner. */
    userResponse: (user: repo.UserRow) => toUserResponse(user, identity),

    /**
     * The job: sessions ended or expired before `before` go (their addresses with them), and
     * challenges a day past their 5 minutes.
     */
    async pruneSessions(before: Date): Promise<number> {
      let total = await repo.deleteChallengesBefore(db, new Date(now().getTime() - 86_400_000));
      for (;;) {
        const deleted = await repo.deleteSessionsBefore(db, before, 1000);
        total += deleted;
        if (deleted < 1000) return total;
      }
    },

    async requestPasswordReset(email: string) {
      const user = await repo.findUserByEmail(db, email);
      if (user) {
        const token = randomBytes(24).toString('base64url');
        const link = `${deps.publicUrl}/change-password?${new URLSearchParams({ token, email: user.email }).toString()}`;
        await db.transaction(async (tx) => {
          await repo.insertCode(tx, {
            userId: user.id,
            purpose: 'reset_password',
            codeHash: codeHash('reset_password', user.id, token),
            expiresAt: new Date(now().getTime() + RESET_TTL_MINUTES * 60_000),
          });
          await mailOutbox.enqueueMail(
            {
              template: 'password_reset',
              userId: user.id,
              data: { link, ttl_minutes: RESET_TTL_MINUTES },
            },
            tx,
          );
        });
      }
      return { message: messages.resetRequested };
    },

    async resetPassword({ email, token, password }: PasswordResetBody, origin: RequestOrigin) {
      const invalid = new AppError(400, messages.resetInvalid);
      const user = await repo.findUserByEmail(db, email);
      if (!user) throw invalid;
      const passwordHash = await hashPassword(password);
      await redeemCode(
        user,
        'reset_password',
        token,
        {
          missing: invalid,
          expired: new AppError(400, messages.resetExpired, { key: 'message' }),
          invalid,
        },
        async (tx) => {
          // A reset proves the mailbox, so it also confirms the e-mail; every session ends.
          await repo.updateUser(tx, user.id, {
            passwordHash,
            isConfirmedEmail: true,
            tokenVersion: user.tokenVersion + 1,
          });
          await repo.revokeAllForUser(tx, user.id, now());
          await security.record(tx, user.id, 'password_changed', origin);
        },
      );
      userChanges.changed(user.id);
      await loginFailures.clear(loginKey(email));
      return { message: messages.passwordChanged };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** A concurrent registration that won the race on a unique index becomes the same 400 as the pre-check. */
function uniqueViolationToField(err: unknown): AppError | null {
  if (isUniqueViolation(err, 'users_cpf_cnpj_hash_key'))
    return AppError.badRequest('cpf_cnpj', messages.cpfCnpjTaken);
  if (isUniqueViolation(err)) return AppError.badRequest('email', messages.emailTaken);
  return null;
}
