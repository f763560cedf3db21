import { randomBytes } from 'node:crypto';
import { todayInSaoPaulo } from '@copaiba/contracts';
import { tokenHoldings, tokens } from '@copaiba/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, balanceOf, ledgerTotal } from './modules/ledger/ledger.ts';
import {
  confirmedUser,
  fundedInvestor,
  insertIssuer,
  insertToken,
  login,
  plusDays,
  signedIn,
  userIdOf,
  type Bearer,
} from './testing/fixtures.ts';
import { testServers, type ServerProcess } from './testing/server-process.ts';
import { solveCaptcha } from './testing/solve-captcha.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { TEST_ENCRYPTION_SECRET } from './testing/test-keys.ts';

/*
 * Two API processes on one PostgreSQL and one Redis (docs/ARCHITECTURE.md, "In process memory"):
 * what one writes, the other serves — the public catalogue within its cache's second, a user's
 * role and password at once (the user cache hears every change through NOTIFY) — and purchases
 * spread over both never sell more than the offer has. The scenarios are set up through the test's
 * own app on the same database (its fixtures), whose access tokens both processes accept.
 */

const JWT_SECRET = randomBytes(32).toString('hex');
const servers = testServers('copaiba-two-');
let t: TestApp;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  t = await createTestApp({ env: { JWT_SECRET } });
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: t.database.url,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    // Their own rate-limit budget: every run shares 127.0.0.1's, and the reset's is 5 per 10 min.
    REDIS_KEY_PREFIX: `copaiba-two-${randomBytes(4).toString('hex')}-`,
    JWT_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_SECRET,
    SMTP_URL: t.smtp.url,
    PIX_PROVIDER: 'sandbox',
    PIX_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    CAPTCHA_MAX_NUMBER: '2000',
    JOBS_INTERVAL_SECONDS: '0',
    WEB_DIST_DIR: '/nonexistent',
  };
  a = servers.create(env);
  b = servers.create(env);
  await Promise.all([a.start(), b.start()]);
}, 180_000);
afterAll(async () => {
  await servers.cleanup();
  await t?.close();
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  { who, body }: { who?: Bearer; body?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(who ? { authorization: `Bearer ${who.access}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const me = (server: ServerProcess, who: Bearer) => call(server, 'GET', '/api/user/', { who });

const buy = (server: ServerProcess, who: Bearer, tokenId: number, quantity: number) =>
  call(server, 'POST', `/api/wallet/buy-token/${tokenId}`, { who, body: { quantity } });

/** What the offer's public page says it has raised. */
const raisedOn = async (server: ServerProcess, tokenId: number) =>
  (
    (await call(server, 'GET', `/api/token-issuer-token-project/detail/${tokenId}`)).body.token as {
      amount_capitated: string;
    }
  ).amount_capitated;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openOffer(issuerId: number, quantity: number) {
  return insertToken(t.db, issuerId, {
    unitPriceCents: 10_00n,
    quantity,
    minimumAmountRaisedCents: 1_00n,
    maximumAmountRaisedCents: BigInt(quantity) * 10_00n,
    deadlineForFunding: plusDays(todayInSaoPaulo(new Date()), 30),
  });
}

describe('two API processes on one database', () => {
  it('serves a catalogue write made on one from the other within a second', async () => {
    const issuerId = (await insertIssuer(t.db)).id;
    const offer = await openOffer(issuerId, 1000);
    const buyer = await fundedInvestor(t, { balance: '1000.00' });
    for (let round = 1; round <= 3; round++) {
      // B has the offer's page in its cache; A sells a unit.
      expect(await raisedOn(b, offer.id)).toBe(`${(round - 1) * 10}.00`);
      expect((await buy(a, buyer, offer.id, 1)).status).toBe(201);
      const written = performance.now();
      const expected = `${round * 10}.00`;
      // Readers on B every 20 ms, each noting when it asked; none asked a second after the write
      // may see the page as it was.
      const answers: Array<{ askedMs: number; fresh: boolean }> = [];
      const asked: Array<Promise<unknown>> = [];
      while (!answers.some((x) => x.fresh)) {
        const askedMs = performance.now() - written;
        asked.push(
          raisedOn(b, offer.id).then((raised) =>
            answers.push({ askedMs, fresh: raised === expected }),
          ),
        );
        await sleep(20);
        expect(askedMs).toBeLessThan(5000);
      }
      await Promise.all(asked);
      const lastStale = Math.max(-1, ...answers.filter((x) => !x.fresh).map((x) => x.askedMs));
      expect(lastStale).toBeLessThan(1000);
    }
  });

  it('applies a role granted on one on the other within a second (its NOTIFY), not at the cache TTL', async () => {
    const admin = await signedIn(t, { admin: true });
    const who = await signedIn(t);
    const id = await userIdOf(t, who);
    const grant = (server: ServerProcess, value: boolean) =>
      call(server, 'PATCH', `/api/admins/creator/${id}/`, {
        who: admin,
        body: { is_token_creator: value },
      });
    for (const [writer, reader] of [
      [a, b],
      [b, a],
      [a, b],
      [b, a],
    ] as const) {
      const before = (await me(reader, who)).body.is_token_creator as boolean;
      // Both processes have the row cached now.
      expect((await me(writer, who)).body.is_token_creator).toBe(before);
      expect((await grant(writer, !before)).status).toBe(200);
      // NOTIFY reaches the other process after the commit, asynchronously: within a second here,
      // where without it the other's cached row would stay stale for its 30 s TTL.
      await vi.waitFor(
        async () => expect((await me(reader, who)).body.is_token_creator).toBe(!before),
        { timeout: 1_000, interval: 20 },
      );
    }
  });

  it('refuses the old session on the other process at once after a password reset', async () => {
    const user = await confirmedUser(t);
    const who = { access: (await login(t, user.email)).json().access as string };
    expect((await me(a, who)).status).toBe(200);
    expect((await me(b, who)).status).toBe(200);

    expect(
      (await call(a, 'POST', '/api/password/reset/', { body: { email: user.email } })).status,
    ).toBe(200);
    const link = /(http\S+\/change-password\?\S+)/.exec(
      (await t.smtp.waitFor(user.email, 2)).text ?? '',
    );
    const url = new URL(link![1]!);
    const password = 'NovaSenha#2026';
    const reset = await call(a, 'PUT', '/api/password/reset/', {
      body: { email: user.email, token: url.searchParams.get('token'), password },
    });
    expect(reset.status).toBe(200);
    expect((await me(b, who)).status).toBe(401);
    expect((await me(a, who)).status).toBe(401);

    // The new password signs in on the other process.
    const challenge = await call(b, 'GET', '/api/captcha/challenge/');
    const signIn = await call(b, 'POST', '/api/login/common/', {
      body: {
        email: user.email,
        password,
        captcha: await solveCaptcha(
          challenge.body as unknown as Parameters<typeof solveCaptcha>[0],
        ),
      },
    });
    expect(signIn.status).toBe(200);
    expect((await me(a, { access: signIn.body.access as string })).status).toBe(200);
  });

  it('never oversells an offer bought through both processes at once', async () => {
    const issuerId = (await insertIssuer(t.db)).id;
    const offer = await openOffer(issuerId, 30);
    const buyers = [];
    for (let i = 0; i < 8; i++) buyers.push(await fundedInvestor(t, { balance: '100.00' }));
    // 8 buyers × 3 purchases × 2 units = 48 units asked of 30, alternating between the processes.
    const answers = await Promise.all(
      buyers.flatMap((who, i) =>
        [0, 1, 2].map((n) => buy((i + n) % 2 === 0 ? a : b, who, offer.id, 2)),
      ),
    );
    const bought = answers.filter((x) => x.status === 201);
    const refused = answers.filter((x) => x.status !== 201);
    expect(bought.length * 2).toBe(30);
    expect(refused.every((x) => x.status === 400)).toBe(true);
    const [row] = await t.db.select().from(tokens).where(eq(tokens.id, offer.id));
    expect(row!.unitsSold).toBe(30);
    expect(row!.offerStatus).toBe('all_sold');
    const [held] = await t.db
      .select({ units: sql<number>`sum(${tokenHoldings.quantity})::int` })
      .from(tokenHoldings)
      .where(eq(tokenHoldings.tokenId, offer.id));
    expect(held!.units).toBe(30);
    expect(await balanceOf(t.db, accounts.escrow(offer.id))).toBe(300_00n);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });
});
