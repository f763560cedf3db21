import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { investorMessages, todayInSaoPaulo } from '@copaiba/contracts';
import {
  installmentPayments,
  ledgerTransfers,
  marketTrades,
  offerJobQueue,
  tokens,
  users,
} from '@copaiba/db';
import { and, count, eq, exists, inArray, lt, ne, notExists, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isDatabaseUnavailable, TEMPORARILY_UNAVAILABLE } from '../lib/app-error.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { RISK_TERM } from '../modules/investor/risk-term.ts';
import { InsufficientFunds } from '../modules/ledger/ledger.ts';
import { SANDBOX_FAILING_KEY } from '../modules/pix/pix-provider.ts';
import { recordPastPurchase } from '../modules/purchases/past-purchases.ts';
import { PASSWORD, validCpf } from '../testing/accounts-fixtures.ts';
import { secretFromUrl, totpCode } from '../testing/authenticator.ts';
import { insertIssuer, insertToken } from '../testing/catalogue-fixtures.ts';
import { TEST_ENCRYPTION_SECRET } from '../testing/test-keys.ts';
import { solveCaptcha } from '../testing/solve-captcha.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { ApiProcess } from './api-process.ts';
import { freePort } from '../testing/free-port.ts';
import { checkInvariants, type Acknowledged, type ServedWallet } from './invariants.ts';
import { PostgresCluster } from './postgres-cluster.ts';

export interface SoakOptions {
  /** SIGKILLs to deliver: to one of the two API processes, or to PostgreSQL's postmaster. */
  kills: number;
  /** Every n-th kill is PostgreSQL's. */
  postgresKillEvery: number;
  /** Keep the load on at least this long, even when the kills are done sooner. */
  minSeconds: number;
  investors: number;
  workersPerInvestor: number;
  seed: number;
}

export interface SoakReport {
  seed: number;
  seconds: number;
  kills: number;
  apiKills: number;
  postgresKills: number;
  /** From each PostgreSQL kill until both API processes answered /api/health/ with 200 again. */
  postgresDownSeconds: number;
  requests: number;
  /** By status; the 503s are the answers while PostgreSQL was down, each retried. */
  statuses: Record<string, number>;
  /** 5xx answers other than a 503 {detail} while PostgreSQL was down. */
  serverErrors: number;
  networkRetries: number;
  acknowledged: {
    deposits: number;
    duplicateWebhooks: number;
    buys: number;
    buyReplays: number;
    /** Purchases undone, and desistências asked again (each answered 200, moving nothing). */
    desistencias: number;
    desistenciaReplays: number;
    withdrawals: number;
    maturedOffers: number;
    /** The secondary board (docs/product.md §18). */
    listings: number;
    marketBuys: number;
    /**
     * Board purchases whose transaction they shared with another of the same listing (one
     * `market_buy_batch`: the trades carry one transaction's time).
     */
    marketBuysTogether: number;
    marketBuyReplays: number;
    cancels: number;
    /** Notifications marked read (all, or a few of the first page). */
    notificationsRead: number;
  };
  forgeriesRefused: number;
  /** Times every invariant was checked: after each kill and once at the end. */
  invariantRounds: number;
  invariantChecks: number;
  breaks: string[];
}

const WEBHOOK_SECRET = randomBytes(24).toString('hex');
/** Longer than any answer takes, even a 503 after the pool's 5 s connection timeout: a hang. */
const REQUEST_TIMEOUT_MS = 20_000;

/** The API's JSON answers, as far as the soak reads them. */
interface Answer {
  access?: string;
  url?: string;
  txid?: string;
  balance?: string;
  withdrawal_id?: number;
  results?: Array<{ balance: string }>;
  detail?: string;
  next?: string | null;
  count?: number;
}

interface Investor {
  id: number;
  token: string;
  secret: string;
  /** The last TOTP step used: each code works once. */
  lastStep: number;
}

/** mulberry32: a seeded generator, so a failing run can be replayed with its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    shuffle: <T>(items: readonly T[]) => [...items].sort(() => next() - 0.5),
  };
}

const centsText = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CLEAN_UP_TIMEOUT_MS = 30_000;

const detailOf = (text: string): unknown => {
  try {
    return (JSON.parse(text) as { detail?: unknown }).detail;
  } catch {
    return undefined;
  }
};

/**
 * The clients' operations, which can be paused: each finishes the one it is in (every request
 * answered), then waits, so the invariants are read at rest. The jobs go on meanwhile.
 */
class PausableClients {
  private busy = 0;
  private paused: { over: Promise<void>; resume: () => void } | null = null;

  async run(operation: () => Promise<void>): Promise<void> {
    while (this.paused) await this.paused.over;
    this.busy++;
    try {
      await operation();
    } finally {
      this.busy--;
    }
  }

  async pause(): Promise<void> {
    let resume = (): void => undefined;
    const over = new Promise<void>((r) => (resume = r));
    this.paused = { over, resume };
    while (this.busy > 0) await sleep(20);
  }

  resume(): void {
    this.paused?.resume();
    this.paused = null;
  }
}

/**
 * A randomized storm of deposits, webhooks (duplicates and forgeries among them), purchases,
 * withdrawals, refunds and payouts, listings, purchases and cancels on the secondary board, from
 * many clients against two API processes on a PostgreSQL of the soak's own, while the processes
 * and PostgreSQL itself are killed with SIGKILL. Every request is retried with its
 * Idempotency-Key until it gets an answer (a 503 while PostgreSQL is down is none yet); after each
 * kill, and once more when the jobs have settled, the clients rest and every invariant is checked
 * against what they were told.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const random = generator(options.seed);
  const cluster = await PostgresCluster.start();
  const smtp = await startSmtpSink();
  const env = {
    NODE_ENV: 'production',
    PIX_PROVIDER: 'sandbox',
    PIX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    DATABASE_URL: cluster.url,
    DATABASE_POOL_SIZE: '8',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // The key the fixtures seal identity data with: a server refuses one that cannot open it.
    ENCRYPTION_KEY: TEST_ENCRYPTION_SECRET,
    SMTP_URL: smtp.url,
    SEED_DEMO: 'false',
    // Errors only: a 5xx's cause goes into the report (at the end of runSoak).
    LOG_LEVEL: 'error',
    CAPTCHA_MAX_NUMBER: '2000',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    JOBS_INTERVAL_SECONDS: '1',
    // Desistências within the product's window; a limit the storm's purchases rarely reach.
    DESISTENCIA_DAYS: '5',
    ANNUAL_INVESTMENT_LIMIT: '30000.00',
    CHAIN_MODE: 'off',
    WEB_DIST_DIR: '/nonexistent',
  };
  const apis = [new ApiProcess(await freePort(), env), new ApiProcess(await freePort(), env)];
  const db = cluster.db;
  const report: SoakReport = {
    seed: options.seed,
    seconds: 0,
    kills: 0,
    apiKills: 0,
    postgresKills: 0,
    postgresDownSeconds: 0,
    requests: 0,
    statuses: {},
    serverErrors: 0,
    networkRetries: 0,
    acknowledged: {
      deposits: 0,
      duplicateWebhooks: 0,
      buys: 0,
      buyReplays: 0,
      desistencias: 0,
      desistenciaReplays: 0,
      withdrawals: 0,
      maturedOffers: 0,
      listings: 0,
      marketBuys: 0,
      marketBuysTogether: 0,
      marketBuyReplays: 0,
      cancels: 0,
      notificationsRead: 0,
    },
    forgeriesRefused: 0,
    invariantRounds: 0,
    invariantChecks: 0,
    breaks: [],
  };
  const ack: Acknowledged = {
    deposits: [],
    buys: [],
    withdrawals: [],
    desistencias: [],
    matured: [],
    marketBuys: [],
  };
  const clients = new PausableClients();
  /** From a PostgreSQL kill until both processes are healthy again; when the last outage ended. */
  let postgresDown = false;
  let outageEndedAt = 0;
  let postgresDownMs = 0;
  /** The storm's loops go on while this holds; an abort ends them too, so the pools can close. */
  let running = true;

  try {
    // The first process migrates the new database before the second starts.
    await apis[0]!.start();
    await apis[1]!.start();

    let turn = 0;
    /**
     * Sends a request to a live process until it is answered: a network failure (a killed
     * process) or a 503 while PostgreSQL was down is retried, with the same Idempotency-Key.
     */
    async function request<T = Answer>(
      method: string,
      path: string,
      init: { body?: unknown; token?: string; key?: string } = {},
    ): Promise<{ status: number; body: T }> {
      const deadline = Date.now() + 300_000;
      for (;;) {
        const live = apis.filter((a) => a.up);
        const api = live.length > 0 ? live[turn++ % live.length]! : null;
        let retryInMs = 100;
        if (api) {
          const sentAt = Date.now();
          try {
            const res = await fetch(`${api.url}${path}`, {
              method,
              headers: {
                ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
                ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
                ...(init.key ? { 'idempotency-key': init.key } : {}),
              },
              body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            });
            const text = await res.text();
            report.requests++;
            report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
            const duringOutage = postgresDown || sentAt < outageEndedAt;
            const databaseDown =
              res.status === 503 &&
              res.headers.get('retry-after') === '5' &&
              detailOf(text) === TEMPORARILY_UNAVAILABLE;
            if (!(databaseDown && duringOutage)) {
              if (res.status >= 500) {
                report.serverErrors++;
                report.breaks.push(
                  `${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`,
                );
              }
              return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
            }
            // Sooner than its Retry-After, to keep the storm on while PostgreSQL comes back.
            retryInMs = 1000;
          } catch (err) {
            if (err instanceof Error && err.name === 'TimeoutError') {
              report.breaks.push(`${method} ${path}: no answer in ${REQUEST_TIMEOUT_MS / 1000} s`);
            }
            report.networkRetries++;
          }
        }
        if (Date.now() > deadline) throw new Error(`${method} ${path}: no answer in 300 s`);
        await sleep(retryInMs);
      }
    }

    // Investors: confirmed accounts signed in through the API, with two-factor on.
    const issuer = await insertIssuer(db);
    const passwordHash = await hashPassword(PASSWORD);
    const investors: Investor[] = [];
    for (let i = 0; i < options.investors; i++) {
      const email = `soak.${i}.${randomBytes(3).toString('hex')}@example.com`;
      const [user] = await db
        .insert(users)
        .values({
          name: `Investidora ${i}`,
          email,
          cpfCnpj: validCpf(),
          birthDate: '1990-01-01',
          passwordHash,
          isConfirmedEmail: true,
        })
        .returning({ id: users.id });
      const challenge = await request('GET', '/api/captcha/challenge/');
      const login = await request('POST', '/api/login/common/', {
        body: {
          email,
          password: PASSWORD,
          captcha: await solveCaptcha(challenge.body as Parameters<typeof solveCaptcha>[0]),
        },
      });
      if (login.status !== 200)
        throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
      const token = login.body.access as string;
      const secret = secretFromUrl(
        (await request('GET', '/api/twoauth/', { token })).body.url ?? '',
      );
      const step = Math.floor(Date.now() / 30_000);
      const on = await request('POST', '/api/twoauth/', {
        token,
        body: { token: totpCode(secret, new Date()) },
      });
      if (on.status !== 200) throw new Error(`two-factor: ${on.status} ${JSON.stringify(on.body)}`);
      // The Termo de Ciência de Risco, accepted before a first purchase (docs/product.md §15).
      const term = await request('POST', '/api/investor/risk-term/', {
        token,
        body: { version: RISK_TERM.version },
      });
      if (term.status !== 200)
        throw new Error(`risk term: ${term.status} ${JSON.stringify(term.body)}`);
      investors.push({ id: user!.id, token, secret, lastStep: step });
    }

    const today = todayInSaoPaulo(new Date());
    const open = [
      await insertToken(db, issuer.id, { quantity: 60, maximumAmountRaisedCents: 6_000_00n }),
      await insertToken(db, issuer.id, { unitPriceCents: 25_00n, quantity: 5000 }),
      await insertToken(db, issuer.id, { unitPriceCents: 10_00n, quantity: 400 }),
    ].map((t) => ({ id: t.id, deadline: t.deadlineForFunding }));
    if (open.some((t) => t.deadline < today)) throw new Error('fixture tokens must be open today');

    async function deposit(who: Investor) {
      const valueCents = random.int(25, 600) * 100 + random.pick([0, 50, 99]);
      const key = `soak-dep-${randomBytes(8).toString('hex')}`;
      const res = await request('POST', '/api/wallet/pix/deposit/', {
        token: who.token,
        key,
        body: { value: centsText(valueCents), agreements_accepted: true },
      });
      if (res.status !== 201) return;
      const txid = res.body.txid as string;
      if (random.next() < 0.15) {
        // A confirmation with the wrong amount is held for review: nothing is credited.
        await webhook(
          txid,
          centsText(valueCents + 1),
          `E${randomBytes(16).toString('hex').slice(0, 31)}`,
        );
      }
      const endToEndId = `E${randomBytes(16).toString('hex').slice(0, 31)}`;
      const paid = await webhook(txid, centsText(valueCents), endToEndId);
      if (paid !== 200) return;
      ack.deposits.push({ userId: who.id, txid, amountCents: BigInt(valueCents), endToEndId });
      report.acknowledged.deposits++;
      if (random.next() < 0.3) {
        await webhook(txid, centsText(valueCents), endToEndId);
        report.acknowledged.duplicateWebhooks++;
      }
      if (random.next() < 0.1) {
        // The same charge reported paid again under another endToEndId.
        await webhook(
          txid,
          centsText(valueCents),
          `E${randomBytes(16).toString('hex').slice(0, 31)}`,
        );
        report.acknowledged.duplicateWebhooks++;
      }
    }

    async function webhook(txid: string, valor: string, endToEndId: string, hmac = WEBHOOK_SECRET) {
      const res = await request('POST', `/api/webhooks/pix/?hmac=${hmac}`, {
        body: { pix: [{ endToEndId, txid, valor, horario: new Date().toISOString() }] },
      });
      return res.status;
    }

    async function forgery() {
      const kind = random.int(0, 2);
      const txid = `CPB${randomBytes(11).toString('hex')}`;
      const e2e = `E${randomBytes(16).toString('hex').slice(0, 31)}`;
      const status =
        kind === 0
          ? await webhook(txid, '100.00', e2e, 'forjado'.repeat(8))
          : kind === 1
            ? await webhook(txid, '100.00', e2e)
            : (
                await request('POST', `/api/webhooks/pix/?hmac=${WEBHOOK_SECRET}`, {
                  body: { pix: [{ txid, valor: '-1' }] },
                })
              ).status;
      const expected = kind === 0 ? 401 : kind === 1 ? 200 : 400;
      if (status !== expected)
        report.breaks.push(`forged webhook ${kind}: ${status}, expected ${expected}`);
      else report.forgeriesRefused++;
    }

    async function buy(who: Investor) {
      const token = random.pick(open);
      const quantity = random.int(1, 4);
      const key = `soak-buy-${randomBytes(8).toString('hex')}`;
      const res = await request('POST', `/api/wallet/buy-token/${token.id}`, {
        token: who.token,
        key,
        body: { quantity },
      });
      if (res.status === 201) {
        ack.buys.push({ userId: who.id, key, tokenId: token.id, quantity, body: res.body });
        report.acknowledged.buys++;
      } else if (res.status !== 400) {
        report.breaks.push(`buy answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }

    async function replayBuy(who: Investor) {
      const mine = ack.buys.filter((b) => b.userId === who.id);
      if (mine.length === 0) return;
      const earlier = random.pick(mine);
      const res = await request('POST', `/api/wallet/buy-token/${earlier.tokenId}`, {
        token: who.token,
        key: earlier.key,
        body: { quantity: earlier.quantity },
      });
      report.acknowledged.buyReplays++;
      if (res.status !== 201 || !isDeepStrictEqual(res.body, earlier.body)) {
        report.breaks.push(
          `replayed buy ${earlier.key} answered ${res.status} ${JSON.stringify(res.body)}`,
        );
      }
    }

    /**
     * Undoes one of the investor's recent purchases within its window (docs/product.md §15), or
     * asks again for one already undone: either way 200, and the money moves once.
     */
    async function desist(who: Investor) {
      const mine = ack.desistencias.filter((d) => d.userId === who.id);
      let purchaseId: number;
      let replay = false;
      if (mine.length > 0 && random.next() < 0.3) {
        purchaseId = random.pick(mine).purchaseId;
        replay = true;
      } else {
        const page = await request<{
          results?: Array<{ id: number; desistencia_until: string | null }>;
        }>('GET', '/api/wallet/purchases/?page=1', { token: who.token });
        const open = (page.body.results ?? []).filter((p) => p.desistencia_until !== null);
        if (open.length === 0) return;
        purchaseId = random.pick(open).id;
      }
      const res = await request('POST', `/api/wallet/purchases/${purchaseId}/desistencia/`, {
        token: who.token,
      });
      // The jobs may have closed its offer since the list was read: refused, and rightly.
      const closed =
        res.status === 400 && res.body.detail === investorMessages.desistenciaOfferClosed;
      if (res.status !== 200) {
        if (!closed)
          report.breaks.push(
            `desistência of ${purchaseId} answered ${res.status}: ${JSON.stringify(res.body)}`,
          );
        return;
      }
      // Two workers of one investor may undo the same purchase at once: one desistência.
      if (replay || ack.desistencias.some((d) => d.purchaseId === purchaseId)) {
        report.acknowledged.desistenciaReplays++;
        return;
      }
      ack.desistencias.push({ userId: who.id, purchaseId });
      report.acknowledged.desistencias++;
    }

    /**
     * The notification centre: the first page, then all read or a few of it, while the money paths
     * record more (notifications.sql keeps the counts the invariants compare).
     */
    async function readNotifications(who: Investor) {
      const page = await request<{ results?: Array<{ id: number; read_at: string | null }> }>(
        'GET',
        '/api/notifications/',
        { token: who.token },
      );
      const unread = (page.body.results ?? []).filter((n) => n.read_at === null).map((n) => n.id);
      const body = random.next() < 0.3 ? { all: true } : { ids: unread.slice(0, 3) };
      if (!('all' in body) && body.ids.length === 0) return;
      const res = await request('POST', '/api/notifications/read/', { token: who.token, body });
      if (res.status === 200) report.acknowledged.notificationsRead++;
      else
        report.breaks.push(
          `notifications read answered ${res.status}: ${JSON.stringify(res.body)}`,
        );
    }

    async function withdraw(who: Investor) {
      const step = Math.floor(Date.now() / 30_000);
      if (step <= who.lastStep) return;
      who.lastStep = step;
      const balance = await request('GET', '/api/wallet/balance/brlt/', { token: who.token });
      const cents = Math.round(Number(balance.body?.balance ?? 0) * 100);
      if (cents < 25_00) return;
      const valueCents = random.int(25_00, Math.min(cents, 150_00));
      const key = `soak-wd-${randomBytes(8).toString('hex')}`;
      const keyPix = random.next() < 0.2 ? SANDBOX_FAILING_KEY : `saque.${who.id}@example.com`;
      const res = await request('POST', '/api/wallet/pix/withdraw/', {
        token: who.token,
        key,
        body: {
          token: totpCode(who.secret, new Date(step * 30_000 + 1000)),
          value: centsText(valueCents),
          key_pix: keyPix,
        },
      });
      if (res.status === 201) {
        ack.withdrawals.push({
          userId: who.id,
          withdrawalId: res.body.withdrawal_id ?? 0,
          amountCents: BigInt(valueCents),
        });
        report.acknowledged.withdrawals++;
      } else if (res.status !== 400) {
        report.breaks.push(`withdraw answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }

    /**
     * A listing on the secondary board of units the investor bought in a matured offer: refused
     * (400) until the jobs close it as a success, or when the units are sold or listed already.
     */
    async function listUnits(who: Investor) {
      const held = ack.matured.flatMap((m) =>
        m.success ? m.buyers.filter((b) => b.userId === who.id).map((b) => ({ m, b })) : [],
      );
      if (held.length === 0) return;
      const { m, b } = random.pick(held);
      const quantity = random.int(1, b.quantity);
      const res = await request('POST', '/api/market/listings/', {
        token: who.token,
        body: { token_id: m.tokenId, quantity, unit_price: centsText(random.int(1_00, 40_00)) },
      });
      if (res.status === 201) report.acknowledged.listings++;
      else if (res.status !== 400) {
        report.breaks.push(`listing answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }

    /** One of the board's newest listings not the investor's own: many workers meet on them. */
    async function pickListing(who: Investor) {
      const board = await request<{
        results?: Array<{ id: number; quantity_left: number; mine: boolean }>;
      }>('GET', '/api/market/listings/', { token: who.token });
      if (board.status !== 200) {
        report.breaks.push(`the board answered ${board.status}: ${JSON.stringify(board.body)}`);
        return undefined;
      }
      const others = (board.body.results ?? []).filter((l) => !l.mine);
      return others.length === 0 ? undefined : random.pick(others);
    }

    async function buyFromListing(who: Investor, listing: { id: number; quantity_left: number }) {
      const quantity = random.int(1, Math.min(3, listing.quantity_left));
      const key = `soak-mkt-${randomBytes(8).toString('hex')}`;
      const res = await request('POST', `/api/market/listings/${listing.id}/buy/`, {
        token: who.token,
        key,
        body: { quantity },
      });
      if (res.status === 201) {
        ack.marketBuys.push({
          userId: who.id,
          key,
          listingId: listing.id,
          quantity,
          body: res.body,
        });
        report.acknowledged.marketBuys++;
      } else if (res.status !== 400 && res.status !== 403) {
        report.breaks.push(`board purchase answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }

    async function marketBuy(who: Investor) {
      const listing = await pickListing(who);
      if (listing) await buyFromListing(who, listing);
    }

    /**
     * A rush on one listing: six investors buy from it at the same moment, as on a busy board.
     * Those reaching one process while its purchase of the listing runs share the next
     * transaction (market_buy_batch), some refused in it when the units run out.
     */
    async function marketRush(who: Investor) {
      const listing = await pickListing(who);
      if (!listing) return;
      const others = random.shuffle(investors.filter((i) => i !== who));
      await Promise.all([who, ...others.slice(0, 5)].map((b) => buyFromListing(b, listing)));
    }

    async function replayMarketBuy(who: Investor) {
      const mine = ack.marketBuys.filter((b) => b.userId === who.id);
      if (mine.length === 0) return;
      const earlier = random.pick(mine);
      const res = await request('POST', `/api/market/listings/${earlier.listingId}/buy/`, {
        token: who.token,
        key: earlier.key,
        body: { quantity: earlier.quantity },
      });
      report.acknowledged.marketBuyReplays++;
      if (res.status !== 201 || !isDeepStrictEqual(res.body, earlier.body)) {
        report.breaks.push(
          `replayed board purchase ${earlier.key} answered ${res.status} ${JSON.stringify(res.body)}`,
        );
      }
    }

    /**
     * The seller takes down one of their listings still open in 'Minhas ofertas', racing the
     * buyers: 200, or 400 when it sold out meanwhile.
     */
    async function cancel(who: Investor) {
      const mine = await request<{ results?: Array<{ id: number; status: string }> }>(
        'GET',
        '/api/market/my-listings/',
        { token: who.token },
      );
      if (mine.status !== 200) {
        report.breaks.push(`my listings answered ${mine.status}: ${JSON.stringify(mine.body)}`);
        return;
      }
      const open = (mine.body.results ?? []).filter((l) => l.status === 'aberta');
      if (open.length === 0) return;
      const res = await request('DELETE', `/api/market/listings/${random.pick(open).id}/`, {
        token: who.token,
      });
      if (res.status === 200) report.acknowledged.cancels++;
      else if (res.status !== 400) {
        report.breaks.push(`cancel answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }

    /** Time passing: an offer past its deadline with purchases, for the jobs to close and pay. */
    async function maturedOffer() {
      const success = random.next() < 0.5;
      // Wallets taken in the order of their users' ids, as every transaction of several does.
      const buyers = random
        .shuffle(investors)
        .slice(0, random.int(1, 3))
        .sort((a, b) => a.id - b.id);
      const done = await db.transaction(async (tx) => {
        const token = await insertToken(tx, issuer.id, {
          unitPriceCents: 20_00n,
          quantity: 1000,
          minimumAmountRaisedCents: success ? 20_00n : 1_000_000_00n,
          deadlineForFunding: shiftDays(today, -5),
          firstDateInstallment: shiftDays(today, -4),
          installments: 3,
        });
        const bought: Array<{ userId: number; quantity: number }> = [];
        for (const b of buyers) {
          // Enough units that a listing of them outlasts one purchase: buyers then meet on it and
          // their purchases share a transaction (market_buy_batch), as they would on a busy board.
          const quantity = random.int(1, 12);
          try {
            await tx.transaction((inner) =>
              recordPastPurchase(inner, {
                key: `soak-matured:${token.id}:${b.id}`,
                userId: b.id,
                tokenId: token.id,
                quantity,
                amountCents: BigInt(quantity) * 20_00n,
              }),
            );
            bought.push({ userId: b.id, quantity });
          } catch (err) {
            if (!(err instanceof InsufficientFunds)) throw err;
          }
        }
        const units = bought.reduce((n, b) => n + b.quantity, 0);
        await tx
          .update(tokens)
          .set({
            unitsSold: units,
            amountCapitatedCents: BigInt(units) * 20_00n,
            buyers: bought.length,
          })
          .where(eq(tokens.id, token.id));
        return { tokenId: token.id, success, buyers: bought };
      });
      ack.matured.push(done);
      report.acknowledged.maturedOffers++;
    }

    async function worker(who: Investor) {
      while (running) {
        await clients.run(async () => {
          const roll = random.next();
          if (roll < 0.2) await deposit(who);
          else if (roll < 0.44) await buy(who);
          else if (roll < 0.5) await desist(who);
          else if (roll < 0.62) await withdraw(who);
          else if (roll < 0.7) await replayBuy(who);
          else if (roll < 0.76) await forgery();
          else if (roll < 0.8) await readNotifications(who);
          else if (roll < 0.86) await listUnits(who);
          else if (roll < 0.91) await marketBuy(who);
          else if (roll < 0.93) await marketRush(who);
          else if (roll < 0.95) await replayMarketBuy(who);
          else await cancel(who);
        });
      }
    }

    /** A wallet's statement read page by page as its owner would: its sum and its rows. */
    async function walkStatement(who: Investor): Promise<{ cents: number; rows: number }> {
      const walked = { cents: 0, rows: 0 };
      for (let page = 1; ; page++) {
        const res = await request('GET', `/api/wallet/transactions/todos?page=${page}`, {
          token: who.token,
        });
        if (res.status === 404) return walked;
        const rows = res.body.results ?? [];
        walked.rows += rows.length;
        walked.cents += rows.reduce((s, r) => s + Math.round(Number(r.balance) * 100), 0);
        if (!res.body.next) return walked;
      }
    }

    /**
     * The wallets as the API serves them, with their statements' counts; the statements walked at
     * the end only: hundreds of pages each by then, too long to walk after every kill.
     */
    async function servedWallets(walkStatements: boolean): Promise<ServedWallet[]> {
      return Promise.all(
        investors.map(async (who) => {
          const balance = await request('GET', '/api/wallet/balance/brlt/', { token: who.token });
          const first = await request('GET', '/api/wallet/transactions/todos', {
            token: who.token,
          });
          return {
            userId: who.id,
            balanceCents: Math.round(Number(balance.body.balance) * 100),
            statementCount: first.body.count ?? -1,
            statement: walkStatements ? await walkStatement(who) : null,
          };
        }),
      );
    }

    const ledgerSize = async () => (await db.select({ n: count() }).from(ledgerTransfers))[0]!.n;

    const breaksSeen = new Set<string>();
    /**
     * Every invariant, with the clients at rest. The jobs still move money (closings, payouts,
     * reversals): read again until the append-only ledger did not grow while the API was read.
     */
    async function checkAtRest(when: string, settled: boolean) {
      await clients.pause();
      try {
        let result: Awaited<ReturnType<typeof checkInvariants>>;
        for (let attempt = 1; ; attempt++) {
          const before = await ledgerSize();
          const wallets = await servedWallets(settled);
          result = await checkInvariants(db, ack, wallets, { today, settled });
          if ((await ledgerSize()) === before || attempt === 10) break;
        }
        report.invariantRounds++;
        report.invariantChecks += result.checks;
        // A break stays until the end: reported once, when first seen.
        for (const line of result.breaks.filter((line) => !breaksSeen.has(line))) {
          breaksSeen.add(line);
          report.breaks.push(`${when}: ${line}`);
        }
      } finally {
        clients.resume();
      }
    }

    // Money first, then the storm.
    for (const who of investors) {
      const key = `soak-first-${who.id}`;
      const res = await request('POST', '/api/wallet/pix/deposit/', {
        token: who.token,
        key,
        body: { value: '3000.00', agreements_accepted: true },
      });
      const endToEndId = `E${randomBytes(16).toString('hex').slice(0, 31)}`;
      const txid = res.body.txid ?? '';
      if ((await webhook(txid, '3000.00', endToEndId)) !== 200) throw new Error('funding failed');
      ack.deposits.push({ userId: who.id, txid, amountCents: 3000_00n, endToEndId });
      report.acknowledged.deposits++;
    }

    const workers = investors.flatMap((who) =>
      Array.from({ length: options.workersPerInvestor }, () => worker(who)),
    );
    const matured = (async () => {
      while (running) {
        await clients.run(async () => {
          try {
            await maturedOffer();
          } catch (err) {
            // PostgreSQL killed during it: rolled back, or committed unseen; nothing acknowledged.
            if (!isDatabaseUnavailable(err)) throw err;
          }
        });
        await sleep(random.int(1500, 3500));
      }
    })();
    const loadSince = Date.now();
    while (report.kills < options.kills || Date.now() - loadSince < options.minSeconds * 1000) {
      await sleep(random.int(300, 1500));
      if (report.kills >= options.kills) continue;
      report.kills++;
      if (report.kills % options.postgresKillEvery === 0) {
        // Under the storm: requests answer 503 until it is back, and clients retry them.
        const downSince = Date.now();
        postgresDown = true;
        await cluster.kill();
        await Promise.all(apis.map((a) => a.waitUntilHealthy()));
        postgresDown = false;
        outageEndedAt = Date.now();
        postgresDownMs += outageEndedAt - downSince;
        report.postgresKills++;
        await checkAtRest(`after kill ${report.kills} (PostgreSQL)`, false);
      } else {
        // One process dies while the other serves; clients retry on it with the same keys.
        const victim = random.pick(apis);
        await victim.kill();
        report.apiKills++;
        await victim.start();
        await checkAtRest(`after kill ${report.kills} (API ${victim.port})`, false);
      }
    }
    running = false;
    await Promise.all([...workers, matured]);

    // Let the jobs close every matured offer and pay its due installment before checking.
    const settleBy = Date.now() + 60_000;
    while (Date.now() < settleBy) {
      const [pending] = await db
        .select({ n: count() })
        .from(tokens)
        .where(
          and(
            lt(tokens.deadlineForFunding, today),
            or(
              inArray(tokens.offerStatus, ['funding', 'all_sold']),
              and(
                eq(tokens.offerStatus, 'distributing'),
                notExists(
                  db
                    .select()
                    .from(installmentPayments)
                    .where(eq(installmentPayments.tokenId, tokens.id)),
                ),
              ),
            ),
          ),
        );
      // And what a closing or a payout queued is served (offer-jobs.sql: batches after the claim).
      const [owed] = await db.select({ n: count() }).from(offerJobQueue);
      if (pending!.n === 0 && owed!.n === 0) break;
      await sleep(500);
    }
    await checkAtRest('at the end', true);
    const other = alias(marketTrades, 'other');
    const [together] = await db
      .select({ n: count() })
      .from(marketTrades)
      .where(
        exists(
          db
            .select()
            .from(other)
            .where(
              and(
                eq(other.listingId, marketTrades.listingId),
                eq(other.createdAt, marketTrades.createdAt),
                ne(other.id, marketTrades.id),
              ),
            ),
        ),
      );
    report.acknowledged.marketBuysTogether = together?.n ?? 0;
    await Promise.all(apis.map((a) => a.stop()));
  } catch (err) {
    running = false;
    report.breaks.push(`soak aborted: ${err instanceof Error ? err.message : String(err)}`);
    for (const a of apis) report.breaks.push(`api ${a.port} output:\n${a.output().slice(-2000)}`);
    report.breaks.push(`PostgreSQL's log:\n${cluster.logTail()}`);
  } finally {
    // A 5xx other than the outage's 503 is a break; what the servers logged of it says why, read
    // before the clean-up removes PostgreSQL's log.
    if (report.serverErrors > 0) {
      for (const api of apis)
        for (const line of api.loggedRequestErrors())
          report.breaks.push(`api ${api.port} logged: ${line}`);
      report.breaks.push(`PostgreSQL's errors:\n${cluster.logErrors()}`);
    }
    // Bounded, so that a clean-up that hangs after an abort fails the run with its report (the
    // abort's cause is in `breaks`) instead of holding it until the test's timeout (it did once).
    const within = async (what: string, cleanUp: Promise<void>, state?: () => string) => {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<'gave up'>(
        (r) => (timer = setTimeout(r, CLEAN_UP_TIMEOUT_MS, 'gave up')),
      );
      if ((await Promise.race([cleanUp, gaveUp])) === 'gave up')
        report.breaks.push(
          `clean-up: ${what} did not finish in ${CLEAN_UP_TIMEOUT_MS / 1000} s` +
            (state ? `\n${state()}` : ''),
        );
      clearTimeout(timer);
    };
    await within('killing the API processes', Promise.all(apis.map((a) => a.kill())).then());
    await within('closing the mail sink', smtp.close());
    // A stop that hangs says where: a connection still lent out, or a postmaster still running.
    await within("stopping the soak's PostgreSQL", cluster.stop(), () =>
      [`pool: ${cluster.poolUse()}`, `processes:\n${cluster.processes()}`, cluster.logTail()].join(
        '\n',
      ),
    );
  }
  report.postgresDownSeconds = Math.round(postgresDownMs / 100) / 10;
  report.seconds = Math.round((Date.now() - started) / 1000);
  return report;
}

function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
