import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tokenIssuers } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  answerQuestion,
  askQuestion,
  creatorWithIssuedToken,
  expectStatus,
  form,
  insertIssuer,
  insertToken,
  loginWithCode,
  send,
  sessionsOf,
  signedIn,
  userIdOf,
  type FormValue,
} from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import {
  ACTORS,
  AUTHORIZATION_MATRIX,
  expectedOutcome,
  renderMatrixMarkdown,
  ROUTE_KEYS,
  type Actor,
  type MatrixEntry,
  type RouteKey,
} from './authorization-matrix.ts';
import { isApiEndpoint, withRegisteredRoutes, type RegisteredRoute } from './registered-routes.ts';

/** Real ids from the fixtures: every path parameter names something that exists. */
interface Ids {
  /** Issued token of the owner creator, with a project, assigned to the assigned manager. */
  tokenId: number;
  /** The owner creator's user id (admin creator pages use user ids). */
  ownerUserId: number;
  issuerId: number;
  /** A stored image of the owner's issuer, e.g. `/media/images/…`. */
  mediaUrl: string;
  projectValues: Record<string, FormValue | undefined>;
  /** A question on the token, already answered by its owner. */
  questionId: number;
  /** A session of someone who is none of the actors: ending it is another person's session. */
  bystanderSessionId: number;
}

/**
 * How each route is called, and the exact status it answers once its gate lets the caller
 * through. Writes send a body that cannot change anything when the gate opens (invalid, empty, or
 * aimed at a state that refuses it), yet differs from the gate's own 401/403/404, so a gate that
 * wrongly opens still fails the test. Ownership is checked in the handler, after validation, so
 * owner-only writes send a valid body aimed at a state that answers 409.
 */
interface Call {
  url: string;
  payload?: object | (() => FormData);
  /** The status expected from a caller the gate lets through (per caller where it differs). */
  passes: number | ((actor: Actor) => number);
}

const calls: Record<RouteKey, (ids: Ids) => Call> = {
  'GET /api/docs/json': () => ({ url: '/api/docs/json', passes: 200 }),
  'GET /api/docs/yaml': () => ({ url: '/api/docs/yaml', passes: 200 }),
  'GET /api/health/': () => ({ url: '/api/health/', passes: 200 }),
  'GET /api/ready/': () => ({ url: '/api/ready/', passes: 200 }),
  'GET /api/metrics': () => ({ url: '/api/metrics', passes: 200 }),
  'GET /api/captcha/challenge/': () => ({ url: '/api/captcha/challenge/', passes: 200 }),
  'POST /api/account/register/': () => ({
    url: '/api/account/register/',
    payload: {},
    passes: 400,
  }),
  'PUT /api/email/confirm/': () => ({ url: '/api/email/confirm/', payload: {}, passes: 400 }),
  'POST /api/email/resend/': () => ({ url: '/api/email/resend/', payload: {}, passes: 400 }),
  'POST /api/login/common/': () => ({ url: '/api/login/common/', payload: {}, passes: 400 }),
  'POST /api/login/token-refresh/': () => ({
    url: '/api/login/token-refresh/',
    payload: {},
    passes: 400,
  }),
  'POST /api/login/two-factor/': () => ({
    url: '/api/login/two-factor/',
    payload: {},
    passes: 400,
  }),
  'POST /api/logout/': () => ({ url: '/api/logout/', payload: {}, passes: 400 }),
  'POST /api/password/reset/': () => ({ url: '/api/password/reset/', payload: {}, passes: 400 }),
  'PUT /api/password/reset/': () => ({ url: '/api/password/reset/', payload: {}, passes: 400 }),
  'GET /api/user/': () => ({ url: '/api/user/', passes: 200 }),
  'GET /api/user/data-export/': () => ({ url: '/api/user/data-export/', passes: 200 }),
  // No password: 400, so no account is ever closed here.
  'POST /api/user/close-account/': () => ({
    url: '/api/user/close-account/',
    payload: {},
    passes: 400,
  }),
  'GET /api/privacy/consents/': () => ({ url: '/api/privacy/consents/', passes: 200 }),
  'GET /api/account/sessions/': () => ({ url: '/api/account/sessions/', passes: 200 }),
  // Every actor has one session open, the one it calls with: no other session of theirs ends.
  'DELETE /api/account/sessions/': () => ({ url: '/api/account/sessions/', passes: 204 }),
  // Another person's session is not found, and stays open.
  'DELETE /api/account/sessions/:id/': (ids) => ({
    url: `/api/account/sessions/${ids.bystanderSessionId}/`,
    passes: 404,
  }),
  'GET /api/account/activity/': () => ({ url: '/api/account/activity/', passes: 200 }),
  'POST /api/support/send-email/': () => ({
    url: '/api/support/send-email/',
    payload: {},
    passes: 400,
  }),

  'GET /api/token/list/': () => ({ url: '/api/token/list/', passes: 200 }),
  'GET /api/token/list/:id': (ids) => ({ url: `/api/token/list/${ids.issuerId}`, passes: 200 }),
  'GET /api/token/list-private/': () => ({ url: '/api/token/list-private/', passes: 200 }),
  'GET /api/token-issuer/list/': () => ({ url: '/api/token-issuer/list/', passes: 200 }),
  'GET /api/token-issuer/detail/:id': (ids) => ({
    url: `/api/token-issuer/detail/${ids.issuerId}`,
    passes: 200,
  }),
  'GET /api/token-issuer-token-project/detail/:id': (ids) => ({
    url: `/api/token-issuer-token-project/detail/${ids.tokenId}`,
    passes: 200,
  }),
  'GET /api/token/:id/essential-information.pdf': (ids) => ({
    url: `/api/token/${ids.tokenId}/essential-information.pdf`,
    passes: 200,
  }),
  'GET /media/*': (ids) => ({ url: ids.mediaUrl, passes: 200 }),

  'POST /api/token-issuer/': () => ({ url: '/api/token-issuer/', payload: {}, passes: 400 }),
  'GET /api/token-issuer/': () => ({ url: '/api/token-issuer/', passes: 200 }),
  'PUT /api/token-issuer/': () => ({
    url: '/api/token-issuer/',
    payload: { email: 'not an e-mail' },
    passes: 400,
  }),
  'POST /api/token/': () => ({ url: '/api/token/', payload: {}, passes: 400 }),
  'GET /api/token-issuer/token-list': () => ({ url: '/api/token-issuer/token-list', passes: 200 }),
  // Valid (empty) change set; the token is issued, so the owner gets 409 and nothing changes.
  'PUT /api/token/update/:id': (ids) => ({
    url: `/api/token/update/${ids.tokenId}`,
    payload: {},
    passes: 409,
  }),
  'GET /api/token/detail/:id': (ids) => ({ url: `/api/token/detail/${ids.tokenId}`, passes: 200 }),
  // A complete, valid project form; the token already has one, so the owner gets 409.
  'POST /api/project/:id': (ids) => ({
    url: `/api/project/${ids.tokenId}`,
    payload: () => form(ids.projectValues),
    passes: 409,
  }),
  'PUT /api/project/:id': (ids) => ({
    url: `/api/project/${ids.tokenId}`,
    payload: {},
    passes: 409,
  }),
  'GET /api/project/detail/:id': (ids) => ({
    url: `/api/project/detail/${ids.tokenId}`,
    passes: 200,
  }),

  'GET /api/admins/list/creators/': () => ({ url: '/api/admins/list/creators/', passes: 200 }),
  'GET /api/admins/detail/creator/:id': (ids) => ({
    url: `/api/admins/detail/creator/${ids.ownerUserId}`,
    passes: 200,
  }),
  'GET /api/admins/creator/:id/user/': (ids) => ({
    url: `/api/admins/creator/${ids.ownerUserId}/user/`,
    passes: 200,
  }),
  'GET /api/admins/creator/:id/issuer/': (ids) => ({
    url: `/api/admins/creator/${ids.ownerUserId}/issuer/`,
    passes: 200,
  }),
  'GET /api/admins/token/:id/': (ids) => ({
    url: `/api/admins/token/${ids.tokenId}/`,
    passes: 200,
  }),
  'GET /api/admins/project/:id/': (ids) => ({
    url: `/api/admins/project/${ids.tokenId}/`,
    passes: 200,
  }),
  'GET /api/admins/managers/': () => ({ url: '/api/admins/managers/', passes: 200 }),
  'GET /api/admins/audit-log/': () => ({ url: '/api/admins/audit-log/', passes: 200 }),
  // The token is already issued: an admin gets 409 and nothing changes.
  'POST /api/admins/issue-token/:id': (ids) => ({
    url: `/api/admins/issue-token/${ids.tokenId}`,
    passes: 409,
  }),
  'PATCH /api/admins/creator/:id/': (ids) => ({
    url: `/api/admins/creator/${ids.ownerUserId}/`,
    payload: {},
    passes: 400,
  }),
  'PUT /api/admins/token/:id/manager/': (ids) => ({
    url: `/api/admins/token/${ids.tokenId}/manager/`,
    payload: {},
    passes: 400,
  }),

  'GET /api/project-manager/project-list': () => ({
    url: '/api/project-manager/project-list',
    passes: 200,
  }),
  // No file sent: the assigned manager gets 400 (checked after the assignment), nothing stored.
  'PUT /api/project-manager/:id': (ids) => ({
    url: `/api/project-manager/${ids.tokenId}`,
    payload: {},
    passes: 400,
  }),

  'GET /api/wallet/balance/brlt/': () => ({ url: '/api/wallet/balance/brlt/', passes: 200 }),
  'GET /api/wallet/transactions/:filter': () => ({
    url: '/api/wallet/transactions/todos',
    passes: 200,
  }),
  // Nobody here holds tokens: 404 is this route's "empty" answer (docs/product.md §7).
  'GET /api/wallet/my-tokens/:filter': () => ({ url: '/api/wallet/my-tokens/todos', passes: 404 }),
  'GET /api/wallet/balance/deposit-limit/': () => ({
    url: '/api/wallet/balance/deposit-limit/',
    passes: 200,
  }),
  // Money moves only with a valid body: these bodies are empty.
  'POST /api/wallet/pix/deposit/': () => ({
    url: '/api/wallet/pix/deposit/',
    payload: {},
    passes: 400,
  }),
  'POST /api/wallet/pix/withdraw/': () => ({
    url: '/api/wallet/pix/withdraw/',
    payload: {},
    passes: 400,
  }),
  'POST /api/wallet/buy-token/:id': (ids) => ({
    url: `/api/wallet/buy-token/${ids.tokenId}`,
    payload: {},
    passes: 400,
  }),
  'GET /api/wallet/purchases/': () => ({ url: '/api/wallet/purchases/', passes: 200 }),
  // No caller bought anything: the id names no purchase of theirs.
  'POST /api/wallet/purchases/:id/desistencia/': (ids) => ({
    url: `/api/wallet/purchases/${ids.tokenId}/desistencia/`,
    passes: 404,
  }),
  'POST /api/market/listings/': () => ({ url: '/api/market/listings/', payload: {}, passes: 400 }),
  'GET /api/market/listings/': () => ({ url: '/api/market/listings/', passes: 200 }),
  'GET /api/market/my-listings/': () => ({ url: '/api/market/my-listings/', passes: 200 }),
  // Nobody here listed anything: the id names no listing of theirs.
  'DELETE /api/market/listings/:id/': (ids) => ({
    url: `/api/market/listings/${ids.tokenId}/`,
    passes: 404,
  }),
  'POST /api/market/listings/:id/buy/': (ids) => ({
    url: `/api/market/listings/${ids.tokenId}/buy/`,
    payload: {},
    passes: 400,
  }),
  'GET /api/wallet/transactions/export.csv': () => ({
    url: '/api/wallet/transactions/export.csv',
    passes: 200,
  }),
  'GET /api/wallet/income-report/': () => ({ url: '/api/wallet/income-report/', passes: 200 }),
  // Nobody here ever held a token: 404 is the answer for a year without a report.
  'GET /api/wallet/income-report/:year': () => ({
    url: '/api/wallet/income-report/2026',
    passes: 404,
  }),
  'GET /api/wallet/income-report/:year.pdf': () => ({
    url: '/api/wallet/income-report/2026.pdf',
    passes: 404,
  }),
  'GET /api/wallet/upcoming-receipts/': () => ({
    url: '/api/wallet/upcoming-receipts/',
    passes: 200,
  }),
  'GET /api/wallet/history/': () => ({ url: '/api/wallet/history/', passes: 200 }),
  // A new secret for whoever has not turned two-factor on; 409 for who has.
  'GET /api/twoauth/': () => ({
    url: '/api/twoauth/',
    passes: (actor) => (WITH_TWO_FACTOR.has(actor) ? 409 : 200),
  }),
  'POST /api/twoauth/': () => ({ url: '/api/twoauth/', payload: {}, passes: 400 }),
  'DELETE /api/twoauth/': () => ({ url: '/api/twoauth/', payload: {}, passes: 400 }),
  'GET /api/investor/profile/': () => ({ url: '/api/investor/profile/', passes: 200 }),
  'PUT /api/investor/profile/': () => ({ url: '/api/investor/profile/', payload: {}, passes: 400 }),
  'GET /api/investor/risk-term/': () => ({ url: '/api/investor/risk-term/', passes: 200 }),
  'POST /api/investor/risk-term/': () => ({
    url: '/api/investor/risk-term/',
    payload: {},
    passes: 400,
  }),

  'GET /api/token/:id/questions/': (ids) => ({
    url: `/api/token/${ids.tokenId}/questions/`,
    passes: 200,
  }),
  'POST /api/token/:id/questions/': (ids) => ({
    url: `/api/token/${ids.tokenId}/questions/`,
    payload: {},
    passes: 400,
  }),
  // A valid answer to a question already answered: the owner gets 409 and nothing changes.
  'POST /api/token/:id/questions/:qid/answer/': (ids) => ({
    url: `/api/token/${ids.tokenId}/questions/${ids.questionId}/answer/`,
    payload: { answer: 'Outra resposta.' },
    passes: 409,
  }),
  'GET /api/token-issuer/unanswered-questions/': () => ({
    url: '/api/token-issuer/unanswered-questions/',
    passes: 200,
  }),
  'PATCH /api/admins/questions/:qid/': (ids) => ({
    url: `/api/admins/questions/${ids.questionId}/`,
    payload: {},
    passes: 400,
  }),
  'GET /api/notifications/': () => ({ url: '/api/notifications/', passes: 200 }),
  'POST /api/notifications/read/': () => ({
    url: '/api/notifications/read/',
    payload: {},
    passes: 400,
  }),
  'GET /api/notifications/preferences/': () => ({
    url: '/api/notifications/preferences/',
    passes: 200,
  }),
  // Turning a money receipt's mail off is refused: 400, nothing saved.
  'PUT /api/notifications/preferences/': () => ({
    url: '/api/notifications/preferences/',
    payload: { deposit_credited: { email: false } },
    passes: 400,
  }),

  // No caller here has the PSP's secret; the body is empty in case one wrongly got through.
  'POST /api/webhooks/pix/': () => ({ url: '/api/webhooks/pix/', payload: {}, passes: 400 }),
  'POST /api/sandbox/pix/pay/': () => ({ url: '/api/sandbox/pix/pay/', payload: {}, passes: 400 }),
  'GET /api/dev/outbox/': () => ({ url: '/api/dev/outbox/', passes: 200 }),
  'GET /api/token/:id/reconciliation/': (ids) => ({
    url: `/api/token/${ids.tokenId}/reconciliation/`,
    passes: 200,
  }),
  'GET /api/chain/tx/:hash': () => ({ url: `/api/chain/tx/0x${'ab'.repeat(32)}`, passes: 404 }),
  'GET /api/chain/address/:address': () => ({
    url: `/api/chain/address/0x${'cd'.repeat(20)}`,
    passes: 200,
  }),
};

/** The actors whose accounts have two-factor on: the administrator and the creators. */
const WITH_TWO_FACTOR: ReadonlySet<Actor> = new Set(['admin', 'other-creator', 'owner-creator']);

let t: TestApp;
let routes: RegisteredRoute[];
let ids: Ids;
const bearer: Partial<Record<Actor, string>> = {};

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  // With METRICS_TOKEN, so that GET /api/metrics is tried by every actor (none holds the token).
  ({ result: t, routes } = await withRegisteredRoutes(() =>
    createTestApp({ env: { METRICS_TOKEN: randomBytes(24).toString('hex') } }),
  ));
  t.clock.now = new Date('2026-11-22T12:00:00Z');

  // The expired token: an admin's genuine access token, kept until the clock passes its TTL.
  const admin = await signedIn(t, { admin: true });
  const expired = admin.access;
  expectStatus(await send(t, 'GET', '/api/user/', expired), 200, 'fresh token');
  const ttl = loadConfig({ NODE_ENV: 'test' }).ACCESS_TOKEN_TTL_SECONDS;
  t.advance((ttl + 1) * 1000);
  expectStatus(await send(t, 'GET', '/api/user/', expired), 401, 'token past its TTL');
  const adminAccess = expectStatus(
    await loginWithCode(t, admin.email, admin.code()),
    200,
    'login',
  ).json().access as string;
  // The first session is over: each actor calls with its only open session.
  const logout = await t.app.inject({
    method: 'POST',
    url: '/api/logout/',
    payload: { refresh: admin.refresh },
  });
  expectStatus(logout, 204, 'logout');

  // Forged tokens carry the admin's current claims, so only the signature is wrong.
  const claims = decodeJwt(adminAccess);
  const forgedKey = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(randomBytes(32));
  const forgedNone = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;

  const investor = await signedIn(t);
  const otherCreator = await signedIn(t, { creator: true });
  const otherManager = await signedIn(t, { manager: true });
  const assignedManager = await signedIn(t, { manager: true });
  // Roles granted, two-factor never turned on (docs/product.md §19).
  const adminNo2fa = await signedIn(t, { admin: true, twoFactor: false });
  const creatorNo2fa = await signedIn(t, { creator: true, twoFactor: false });
  const bystander = await signedIn(t);
  const [bystanderSession] = await sessionsOf(t, bystander);

  // The owner's issuer, token and project, through the real routes; issued and assigned.
  const {
    creator: owner,
    tokenId,
    projectValues,
  } = await creatorWithIssuedToken(t, { admin: { access: adminAccess }, manager: assignedManager });

  // The other creators have an issuer and a token of their own.
  for (const creator of [otherCreator, creatorNo2fa]) {
    const issuer = await insertIssuer(t.db, { userId: await userIdOf(t, creator) });
    await insertToken(t.db, issuer.id, { status: 'incomplete' });
  }

  const ownerUserId = await userIdOf(t, owner);
  const [issuer] = await t.db
    .select({ id: tokenIssuers.id })
    .from(tokenIssuers)
    .where(eq(tokenIssuers.userId, ownerUserId));
  const asked = await askQuestion(t, investor, tokenId, 'Qual é o principal risco do projeto?');
  const questionId = expectStatus(asked, 201, 'question').json().id as number;
  expectStatus(await answerQuestion(t, owner, tokenId, questionId, 'Clima.'), 200, 'answer');
  const publicIssuer = await send(t, 'GET', `/api/token-issuer/detail/${issuer!.id}`);
  const logo = expectStatus(publicIssuer, 200, 'issuer detail').json().logo_image as string;
  ids = {
    tokenId,
    ownerUserId,
    issuerId: issuer!.id,
    mediaUrl: new URL(logo, 'http://localhost').pathname,
    projectValues,
    questionId,
    bystanderSessionId: bystanderSession!.id,
  };

  Object.assign(bearer, {
    expired,
    'forged-key': forgedKey,
    'forged-none': forgedNone,
    investor: investor.access,
    'other-creator': otherCreator.access,
    'owner-creator': owner.access,
    'other-manager': otherManager.access,
    'assigned-manager': assignedManager.access,
    admin: adminAccess,
    'admin-no-2fa': adminNo2fa.access,
    'creator-no-2fa': creatorNo2fa.access,
  } satisfies Omit<Record<Actor, string>, 'anonymous'>);
});
afterAll(() => t?.close());

const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
const apiRoutes = () => routes.filter((r) => isApiEndpoint(r, routes)).map(key);

async function call(actor: Actor, method: string, c: Call) {
  const token = bearer[actor];
  const payload = typeof c.payload === 'function' ? c.payload() : c.payload;
  return t.app.inject({
    method: method as 'GET',
    url: c.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload instanceof FormData
      ? { body: payload as unknown as string }
      : payload
        ? { payload }
        : {}),
  });
}

describe('authorization matrix', () => {
  it('has an entry for every API route the app registers, and no entry for a route it lacks', () => {
    const registered = apiRoutes();
    expect(registered.length).toBeGreaterThan(50);
    const missing = registered.filter((r) => !(r in AUTHORIZATION_MATRIX));
    expect(missing, 'routes without an entry in authorization-matrix.ts').toEqual([]);
    const unconditional = ROUTE_KEYS.filter(
      (k) => !(AUTHORIZATION_MATRIX[k] as MatrixEntry).onlyWhen,
    );
    const stale = unconditional.filter((k) => !registered.includes(k));
    expect(stale, 'entries in authorization-matrix.ts for routes the app lacks').toEqual([]);
  });

  it.each(ROUTE_KEYS)('%s answers each actor as the table says', async (route) => {
    const entry: MatrixEntry = AUTHORIZATION_MATRIX[route];
    const [method, pattern] = route.split(' ') as [string, string];
    const c = calls[route](ids);
    if (!apiRoutes().includes(route)) {
      // A conditional route absent from this app must really be absent, for everyone.
      expect(entry.onlyWhen, `${route} is not registered`).toBeDefined();
      expect((await call('admin', method, c)).statusCode).toBe(404);
      expect((await call('anonymous', method, c)).statusCode).toBe(404);
      return;
    }
    expect(c.url.startsWith(pattern.replace(/[:*].*$/, '')), 'the call matches the route').toBe(
      true,
    );
    const expected: Record<string, number> = {};
    const actual: Record<string, number> = {};
    for (const actor of ACTORS) {
      const outcome = expectedOutcome(entry.access, actor);
      const passes = typeof c.passes === 'function' ? c.passes(actor) : c.passes;
      expected[actor] = outcome === 'pass' ? passes : outcome;
      actual[actor] = (await call(actor, method, c)).statusCode;
    }
    expect(actual, `${route}: status per actor`).toEqual(expected);
  });

  it("answers another owner's token exactly as a token that does not exist", async () => {
    const scoped = ROUTE_KEYS.filter((k) =>
      ['token-owner', 'token-manager'].includes(AUTHORIZATION_MATRIX[k].access),
    );
    expect(scoped.length).toBeGreaterThan(0);
    for (const route of scoped) {
      const actor: Actor =
        AUTHORIZATION_MATRIX[route].access === 'token-owner' ? 'other-creator' : 'other-manager';
      const method = route.split(' ')[0]!;
      const theirs = await call(actor, method, calls[route](ids));
      const missing = await call(actor, method, calls[route]({ ...ids, tokenId: 999_999 }));
      expect({ status: theirs.statusCode, body: theirs.json() }, route).toEqual({
        status: missing.statusCode,
        body: missing.json(),
      });
    }
  });

  it('keeps the webhook shut to a wrong secret, even with an admin token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/pix/?hmac=wrong',
      headers: { authorization: `Bearer ${bearer.admin}` },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('is rendered, current, in docs/SECURITY.md', () => {
    const doc = readFileSync(new URL('../../../../docs/SECURITY.md', import.meta.url), 'utf8');
    expect(
      doc.includes(renderMatrixMarkdown()),
      'docs/SECURITY.md is out of date: run `node --import tsx apps/api/src/security/print-matrix.ts --write`',
    ).toBe(true);
  });
});
