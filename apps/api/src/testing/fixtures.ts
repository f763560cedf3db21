import { users } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { seal } from '../lib/crypto-box.ts';
import { confirmedUser, login, loginWithCode } from './accounts-fixtures.ts';
import { secretFromUrl, totpCode } from './authenticator.ts';
import { testEncryptionKey } from './test-keys.ts';
import { RISK_TERM } from '../modules/investor/risk-term.ts';
import { insertReleasedToken } from './catalogue-fixtures.ts';
import type { TestApp } from './test-app.ts';
import {
  fullTokenForm,
  issuerForm,
  projectForm,
  send,
  type FormValue,
} from './workspace-fixtures.ts';

/*
 * The one entry point for what the API tests put in the app (test-app.ts builds the app itself):
 * people, rows, forms, and named scenarios such as a funded investor or a creator with an issued
 * token. Scenarios go through the real routes, as a person would, and throw when a step is
 * refused, so a test states only what it is about; steps a test asserts on itself return the
 * answer as it is.
 */
export * from './accounts-fixtures.ts';
export * from './authenticator.ts';
export * from './catalogue-fixtures.ts';
export * from './market-fixtures.ts';
export * from './notifications-fixtures.ts';
export * from './workspace-fixtures.ts';

/** Whoever holds an access token. */
export interface Bearer {
  access: string;
}

/** The answer, or an error naming the step that was refused: for setup, not for assertions. */
export function expectStatus<R extends { statusCode: number; body: string }>(
  res: R,
  status: number,
  step: string,
): R {
  if (res.statusCode !== status) throw new Error(`${step}: ${res.statusCode} ${res.body}`);
  return res;
}

/** The headers of a request as `who`, with an Idempotency-Key when given. */
export const bearer = (who: Bearer, idempotencyKey?: string) => ({
  authorization: `Bearer ${who.access}`,
  ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
});

// ---------------------------------------------------------------------------------------------
// People (docs/product.md §1, §6).

/**
 * A confirmed, logged-in user with the given roles. Roles are written to the database, standing
 * in for the administrator's grant; the app's user cache is waited for. Administrators and token
 * creators must have two-factor on (docs/product.md §19): theirs is turned on the same way, with a
 * secret of the fixture's (`twoFactor: false` leaves it off), and they log in through both steps
 * with the code of the step before the clock's, so the clock's own code is still free for the test.
 */
export async function signedIn(
  t: TestApp,
  roles: { creator?: boolean; admin?: boolean; manager?: boolean; twoFactor?: boolean } = {},
) {
  const user = await confirmedUser(t);
  const twoFactor = roles.twoFactor ?? Boolean(roles.creator || roles.admin);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await t.db
    .update(users)
    .set({
      isTokenCreator: !!roles.creator,
      isAdmin: !!roles.admin,
      isProjectManager: !!roles.manager,
      ...(twoFactor
        ? { isTwoFactorAuthentication: true, totpSecretEnc: seal(testEncryptionKey, secret) }
        : {}),
    })
    .where(eq(users.email, user.email));
  await t.usersWritten();
  const answer = twoFactor
    ? await loginWithCode(t, user.email, totpCode(secret, t.clock.now, -1))
    : await login(t, user.email);
  const { access, refresh } = expectStatus(answer, 200, `login of ${user.email}`).json();
  return {
    ...user,
    access: access as string,
    refresh: refresh as string,
    /** The authenticator's code now, or `offset` steps away (only with two-factor on). */
    code: (offset = 0) => totpCode(secret, t.clock.now, offset),
    secret: twoFactor ? secret : null,
  };
}
export type SignedIn = Awaited<ReturnType<typeof signedIn>>;

/** The user's id, as GET /api/user/ answers it. */
export async function userIdOf(t: TestApp, who: Bearer): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/', headers: bearer(who) });
  return expectStatus(res, 200, 'GET /api/user/').json().id as number;
}

/**
 * Turns two-factor on with a code computed from the setup's secret, then moves the clock a step
 * on: each code works once (docs/product.md §6), so the next code asked for is a fresh one.
 */
export async function enableTwoFactor(t: TestApp, who: Bearer) {
  const setup = await t.app.inject({ method: 'GET', url: '/api/twoauth/', headers: bearer(who) });
  const secret = secretFromUrl(setup.json().url);
  const activation = await t.app.inject({
    method: 'POST',
    url: '/api/twoauth/',
    headers: bearer(who),
    payload: { token: totpCode(secret, t.clock.now) },
  });
  t.advance(30_000);
  return {
    secret,
    activation,
    /** The authenticator's code now, or `offset` steps away. */
    code: (offset = 0) => totpCode(secret, t.clock.now, offset),
  };
}

// ---------------------------------------------------------------------------------------------
// Privileged accounts and sessions (docs/product.md §19).

/** POST /api/login/token-refresh/ with `refresh`, from the browser `userAgent` when given. */
export const refreshWith = (t: TestApp, refresh: string, userAgent?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login/token-refresh/',
    headers: userAgent ? { 'user-agent': userAgent } : {},
    payload: { refresh },
  });

/** GET /api/account/sessions/ as `who`: 'Dispositivos conectados'. */
export const sessionsOf = async (t: TestApp, who: Bearer) =>
  expectStatus(
    await t.app.inject({ method: 'GET', url: '/api/account/sessions/', headers: bearer(who) }),
    200,
    'GET account/sessions/',
  ).json<
    Array<{
      id: number;
      device: string;
      ip: string;
      created_at: string;
      last_used_at: string;
      current: boolean;
    }>
  >();

/** DELETE /api/account/sessions/{id}/ as `who` (no id: every session but the current one). */
export const endSession = (t: TestApp, who: Bearer, id?: number) =>
  t.app.inject({
    method: 'DELETE',
    url: id === undefined ? '/api/account/sessions/' : `/api/account/sessions/${id}/`,
    headers: bearer(who),
  });

/** GET /api/account/activity/?page= as `who`: 'Atividade da conta'. */
export const activityOf = async (t: TestApp, who: Bearer, page = 1) =>
  expectStatus(
    await t.app.inject({
      method: 'GET',
      url: `/api/account/activity/?page=${page}`,
      headers: bearer(who),
    }),
    200,
    'GET account/activity/',
  ).json<{
    count: number;
    next: string | null;
    previous: string | null;
    results: Array<{ kind: string; ip: string; device: string; created_at: string }>;
  }>();

/** DELETE /api/twoauth/ as `who` with `code`: turns two-factor off. */
export const disableTwoFactor = (t: TestApp, who: Bearer, code: unknown) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/twoauth/',
    headers: bearer(who),
    payload: { code },
  });

// ---------------------------------------------------------------------------------------------
// The wallet (docs/product.md §11).

/** POST /api/wallet/pix/deposit/: a Pix charge for `value`, the deposit rules accepted. */
export const requestDeposit = (t: TestApp, who: Bearer, value: unknown, idempotencyKey?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/pix/deposit/',
    headers: bearer(who, idempotencyKey),
    payload: { value, agreements_accepted: true },
  });

/** POST /api/sandbox/pix/pay/: the charge paid as the PSP would confirm it (docs/SECURITY.md). */
export const payInSandbox = (t: TestApp, txid: string) =>
  t.app.inject({ method: 'POST', url: '/api/sandbox/pix/pay/', payload: { txid } });

/** Credits `value` to the wallet through the real path: a Pix charge, paid in sandbox mode. */
export async function fundWallet(t: TestApp, who: Bearer, value: string): Promise<string> {
  const charge = expectStatus(await requestDeposit(t, who, value), 201, 'Pix charge');
  const txid = charge.json().txid as string;
  expectStatus(await payInSandbox(t, txid), 200, 'sandbox payment');
  return txid;
}

/** POST /api/investor/risk-term/ as `who`: accepts the Termo de Ciência de Risco's `version`. */
export const acceptRiskTerm = (t: TestApp, who: Bearer, version: unknown = RISK_TERM.version) =>
  t.app.inject({
    method: 'POST',
    url: '/api/investor/risk-term/',
    headers: bearer(who),
    payload: { version },
  });

/**
 * An investor whose wallet holds `balance`, deposited by Pix, who has accepted the risk term as
 * everyone does before a first purchase (docs/product.md §15).
 */
export async function fundedInvestor(t: TestApp, { balance }: { balance: string }) {
  const who = await signedIn(t);
  await fundWallet(t, who, balance);
  expectStatus(await acceptRiskTerm(t, who), 200, 'risk term');
  return who;
}

/** A funded investor with two-factor on, as a withdrawal needs, and their authenticator. */
export async function investorWithTwoFactor(t: TestApp, { balance }: { balance: string }) {
  const who = await fundedInvestor(t, { balance });
  const { secret, activation, code } = await enableTwoFactor(t, who);
  expectStatus(activation, 200, 'two-factor activation');
  return { ...who, secret, code };
}

/** POST /api/wallet/pix/withdraw/ as `who`: `payload` holds the code, the value and the Pix key. */
export const requestWithdrawal = (
  t: TestApp,
  who: Bearer,
  payload: object,
  idempotencyKey?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/pix/withdraw/',
    headers: bearer(who, idempotencyKey),
    payload,
  });

/** GET /api/wallet/balance/brlt/ as `who`. */
export const walletBalance = async (t: TestApp, who: Bearer) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/wallet/balance/brlt/', headers: bearer(who) })
  ).json();

/** POST /api/wallet/buy-token/{id} as `who`. */
export const buyTokens = (
  t: TestApp,
  who: Bearer,
  tokenId: number,
  quantity: unknown,
  idempotencyKey?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/wallet/buy-token/${tokenId}`,
    headers: bearer(who, idempotencyKey),
    payload: { quantity },
  });

/** PUT /api/investor/profile/ as `who`: the investor's declaration (docs/product.md §15). */
export const declareProfile = (t: TestApp, who: Bearer, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/investor/profile/',
    headers: bearer(who),
    payload,
  });

/** GET /api/investor/profile/ as `who`. */
export const investorProfile = async (t: TestApp, who: Bearer) =>
  expectStatus(
    await t.app.inject({ method: 'GET', url: '/api/investor/profile/', headers: bearer(who) }),
    200,
    'GET investor/profile/',
  ).json();

/** GET /api/wallet/purchases/?page= as `who`: 'Minhas compras'. */
export const purchasesPage = async (t: TestApp, who: Bearer, page = 1) =>
  expectStatus(
    await t.app.inject({
      method: 'GET',
      url: `/api/wallet/purchases/?page=${page}`,
      headers: bearer(who),
    }),
    200,
    'GET wallet/purchases/',
  ).json();

/** POST /api/wallet/purchases/{id}/desistencia/ as `who`. */
export const desist = (t: TestApp, who: Bearer, purchaseId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/wallet/purchases/${purchaseId}/desistencia/`,
    headers: bearer(who),
  });

/** A row of the statement (GET /api/wallet/transactions/{filter}), the fields tests read. */
export interface StatementRow {
  type_operation: string;
  quantity: number | null;
  balance: string;
  scan_hash_transaction: string | null;
}

/** The statement's first page under `filter` (todos, deposito, saque, comprados, remuneracao). */
export const statementPage = async (t: TestApp, who: Bearer, filter: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/wallet/transactions/${filter}?page=1`,
      headers: bearer(who),
    })
  ).json().results as StatementRow[];

// ---------------------------------------------------------------------------------------------
// Issuers, tokens and projects (docs/product.md §4).

/** A token creator whose issuer ('Seja Emissor') was recorded through the real route. */
export async function creatorWithIssuer(t: TestApp, { cnpj }: { cnpj: string }) {
  const creator = await signedIn(t, { creator: true });
  const issuer = await send(
    t,
    'POST',
    '/api/token-issuer/',
    creator.access,
    await issuerForm(t, cnpj),
  );
  expectStatus(issuer, 201, 'issuer');
  return creator;
}

/** An Incompleto token (no project yet) registered by the creator; its id. */
export async function incompleteTokenOf(
  t: TestApp,
  creator: Bearer,
  overrides: Record<string, FormValue | undefined> = {},
): Promise<number> {
  const res = await send(t, 'POST', '/api/token/', creator.access, await fullTokenForm(overrides));
  return expectStatus(res, 201, 'token').json().id as number;
}

/** A Liberado token: registered by the creator with `project` as its project; its id. */
export async function releasedTokenOf(
  t: TestApp,
  creator: Bearer,
  project?: Record<string, FormValue | undefined>,
): Promise<number> {
  const tokenId = await incompleteTokenOf(t, creator);
  const values = project ?? (await projectForm());
  expectStatus(
    await send(t, 'POST', `/api/project/${tokenId}`, creator.access, values),
    201,
    'project',
  );
  return tokenId;
}

/** POST /api/admins/issue-token/{id} as the admin: Liberado → Emitido. */
export const issueToken = (t: TestApp, admin: Bearer, tokenId: number) =>
  send(t, 'POST', `/api/admins/issue-token/${tokenId}`, admin.access);

/**
 * A Liberado token inserted with its project, then issued by `admin` through the real route (the
 * route writes the contract's deploy job): the token, and the route's answer for the test to check.
 */
export async function insertAndIssueToken(
  t: TestApp,
  admin: Bearer,
  issuerId: number,
  overrides: Parameters<typeof insertReleasedToken>[2] = {},
) {
  const token = await insertReleasedToken(t.db, issuerId, overrides);
  return { token, answer: await issueToken(t, admin, token.id) };
}

/**
 * A creator with an issuer and one token, registered with its project through the creator's
 * routes, issued by `admin`, and assigned to `manager` when one is given.
 */
export async function creatorWithIssuedToken(
  t: TestApp,
  {
    admin,
    manager,
    cnpj = '11.222.333/0001-81',
  }: { admin: Bearer; manager?: Bearer; cnpj?: string },
) {
  const creator = await creatorWithIssuer(t, { cnpj });
  const projectValues = await projectForm();
  const tokenId = await releasedTokenOf(t, creator, projectValues);
  expectStatus(await issueToken(t, admin, tokenId), 201, 'issue');
  if (manager) {
    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/api/admins/token/${tokenId}/manager/`,
      headers: bearer(admin),
      payload: { user_id: await userIdOf(t, manager) },
    });
    expectStatus(assigned, 200, 'assign manager');
  }
  return { creator, tokenId, projectValues };
}

// ---------------------------------------------------------------------------------------------
// Dates, for jobs that run on São Paulo's calendar (docs/product.md §4).

/** The calendar day `days` after `date` (yyyy-MM-dd). */
export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Noon in São Paulo on `date`. */
export const noonOf = (date: string) => new Date(`${date}T12:00:00-03:00`);
