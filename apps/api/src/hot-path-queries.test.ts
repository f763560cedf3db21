import type { Database } from '@copaiba/db';
import { createTestDatabase } from '@copaiba/db/testing';
import type { DatabaseHandle } from '@copaiba/db';
import { desc, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHolding, insertIssuer, insertProject, insertToken } from './testing/fixtures.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { testIdentity } from './testing/test-keys.ts';
import { accounts, balanceOf, transfer } from './modules/ledger/ledger.ts';
// The hot paths' own queries are what this file plans, so it reads the repositories that send them
// (catalogue, accounts, wallet, notifications, forum, market), beside the modules rather than in
// one of them: their services add statements of their own
// (the forum's token check) or need other modules wired (the wallet's Pix, limits and consents)
// (docs/CODE_STYLE.md: tests may read any repository to check its queries).
import { findUserById, prepareUserById } from './modules/accounts/accounts.repo.ts';
import * as walletRepo from './modules/wallet/wallet.repo.ts';
import * as forumRepo from './modules/forum/forum.repo.ts';
import { createMarketReads } from './modules/market/market.repo.ts';
import { createNotificationReads } from './modules/notifications/notifications.repo.ts';
import * as repo from './modules/catalogue/catalogue.repo.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { notifications, users } from '@copaiba/db';

/**
 * The hot paths' queries (docs/PERFORMANCE.md): each one has an index its plan uses, and a list
 * costs the same number of queries whatever its length (no N+1).
 */
interface Logged {
  sql: string;
  params: unknown[];
}

let handle: DatabaseHandle;
let db: Database;
const log: Logged[] = [];
const HOT_TABLES = new Set([
  'tokens',
  'token_issuers',
  'projects',
  'installment_payments',
  'ledger_transfers',
  'ledger_accounts',
  'token_holdings',
  'users',
  'notifications',
  'market_listings',
]);

/** The same database through a drizzle that records every statement it sends. */
function loggingDrizzle(h: DatabaseHandle): Database {
  const logger = { logQuery: (sql: string, params: unknown[]) => log.push({ sql, params }) };
  const client = (h.db as unknown as { $client: unknown }).$client;
  return drizzlePg(client as pg.Pool, { logger }) as unknown as Database;
}

/** Plan nodes of EXPLAIN (FORMAT JSON). */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * The statement's plan with sequential scans priced out: a table still read sequentially has no
 * index the query can use.
 */
async function planOf(
  query: Logged,
  settings: string[] = [],
  analyze = false,
): Promise<PlanNode[]> {
  const explain = `explain (${analyze ? 'analyze, ' : ''}format json) ${query.sql}`;
  const params = query.params.map((p) => (typeof p === 'bigint' ? p.toString() : p));
  let raw: unknown;
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const conn = await (client as pg.Pool).connect();
  try {
    await conn.query('begin');
    await conn.query('set local enable_seqscan = off');
    for (const setting of settings) await conn.query(`set local ${setting}`);
    raw = (await conn.query(explain, params)).rows[0];
    await conn.query('rollback');
  } finally {
    conn.release();
  }
  const json = (raw as { 'QUERY PLAN': unknown })['QUERY PLAN'];
  const [top] = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
  return nodesOf(top!.Plan);
}

/** Runs `work` and returns the statements it sent. */
async function statementsOf(work: () => Promise<unknown>): Promise<Logged[]> {
  log.length = 0;
  await work();
  return [...log];
}

/** Every statement `work` sends uses an index; `using`, when given, among them. */
async function expectIndexed(work: () => Promise<unknown>, using?: string) {
  const statements = await statementsOf(work);
  expect(statements.length).toBeGreaterThan(0);
  for (const statement of statements) {
    const nodes = await planOf(statement);
    if (using) expect(nodes.map((n) => n['Index Name'])).toContain(using);
    const sequential = nodes
      .filter((n) => n['Node Type'] === 'Seq Scan' && HOT_TABLES.has(n['Relation Name'] ?? ''))
      .map((n) => n['Relation Name']);
    expect({ sql: statement.sql, sequential }).toEqual({ sql: statement.sql, sequential: [] });
    expect(nodes.some((n) => n['Index Name'])).toBe(true);
  }
}

/**
 * How `work`'s statements get their rows in order with sorting priced out: the sorts left and the
 * indexes read. An ORDER BY its index does not give (a bare DESC against an index's DESC NULLS LAST)
 * sorts all the rows of the user or token, or walks the primary key past everyone else's.
 */
async function orderOf(work: () => Promise<unknown>) {
  const nodes: PlanNode[] = [];
  for (const statement of await statementsOf(work))
    nodes.push(...(await planOf(statement, ['enable_sort = off', 'enable_bitmapscan = off'])));
  return {
    sorts: nodes.filter((n) => n['Node Type'].endsWith('Sort')).map((n) => n['Node Type']),
    indexes: nodes.flatMap((n) => n['Index Name'] ?? []),
  };
}

let app: FastifyInstance;
let issuerId: number;
let tokenId: number;
let userId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = loggingDrizzle(handle);
  issuerId = (await insertIssuer(handle.db)).id;
  for (let i = 0; i < 2; i++) await insertIssuer(handle.db);
  tokenId = (await insertToken(handle.db, issuerId)).id;
  await insertProject(handle.db, tokenId);
  [{ id: userId }] = (await handle.db
    .insert(users)
    .values({ name: 'Investidora', email: 'plan@copaiba.dev', passwordHash: 'x' })
    .returning({ id: users.id })) as [{ id: number }];
  await handle.db.transaction((tx) =>
    transfer(tx, {
      key: 'plan-deposit',
      kind: 'deposit',
      from: accounts.pixClearing(),
      to: accounts.wallet(userId),
      amountCents: 100_00n,
      userId,
    }),
  );

  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(catalogueRoutes, {
    prefix: '/api',
    db,
    now: () => new Date(),
    cacheTtlMs: 0,
    investorProtection: { desistencia_days: 5, annual_investment_limit: '20000.00' },
    identity: testIdentity,
  });
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

describe('every hot-path query has an index its plan uses', () => {
  it('sees a query no index serves', async () => {
    const nodes = await planOf({ sql: 'select * from tokens where name = $1', params: ['x'] });
    expect(nodes.map((n) => n['Node Type'])).toContain('Seq Scan');
  });

  it('the public token and issuer lists', async () => {
    await expectIndexed(() => repo.listPublicTokens(db, { offset: 0, limit: 3 }));
    await expectIndexed(() => repo.listPublicTokens(db, { offset: 0, limit: 3, issuerId }));
    await expectIndexed(() =>
      repo.listPublicTokens(db, { offset: 0, limit: 3, fundingOnly: true }),
    );
    await expectIndexed(() => repo.listPublicIssuers(db, { offset: 0, limit: 4 }));
    await expectIndexed(() => repo.findPublicIssuer(db, issuerId));
  });

  it('the token detail', async () => {
    await expectIndexed(() => repo.findPublicTokenDetail(db, tokenId));
  });

  it('the statement', async () => {
    const reads = walletRepo.createWalletReads(db);
    await expectIndexed(() => reads.statement(userId, 'todos', { offset: 0, limit: 6 }));
    await expectIndexed(() => reads.statement(userId, 'deposito', { offset: 0, limit: 6 }));
    // Past the last page, where the count is asked for on its own.
    await expectIndexed(() => reads.statement(userId, 'todos', { offset: 60, limit: 6 }));
  });

  it("'Meus Ativos', its page, past its last page and a search", async () => {
    const reads = walletRepo.createWalletReads(db);
    await expectIndexed(() => reads.holdings(userId, { offset: 0, limit: 6 }));
    await expectIndexed(() => reads.holdings(userId, { offset: 60, limit: 6 }));
    await expectIndexed(() => walletRepo.holdings(db, userId, 'castanha', { offset: 0, limit: 6 }));
  });

  it("the board's page, of every token and of one, and past its last page", async () => {
    const reads = createMarketReads(db);
    const page = { offset: 0, limit: 10 };
    await expectIndexed(() => reads.openListings(undefined, page));
    await expectIndexed(() => reads.openListings(tokenId, page));
    await expectIndexed(() => reads.openListings(tokenId, { offset: 100, limit: 10 }));
    // Newest first in the open listings' own index order, not sorted.
    for (const [token, index] of [
      [undefined, 'market_listings_open_idx'],
      [tokenId, 'market_listings_open_token_idx'],
    ] as const) {
      const order = await orderOf(() => reads.openListings(token, page));
      expect(order.sorts).toEqual([]);
      expect(order.indexes).toContain(index);
    }
  });

  it('the notification centre, its page and past its last page', async () => {
    const reads = createNotificationReads(db);
    await expectIndexed(() => reads.listForUser(userId, { offset: 0, limit: 10 }));
    await expectIndexed(() => reads.listForUser(userId, { offset: 100, limit: 10 }));
  });

  it('pages read newest first in their index order, without sorting', async () => {
    const reads = createNotificationReads(db);
    const page = await orderOf(() => reads.listForUser(userId, { offset: 0, limit: 10 }));
    // Neither sorted nor walked along the primary key past everyone else's rows.
    expect(page.sorts).toEqual([]);
    expect(page.indexes).toContain('notifications_user_idx');
    expect(page.indexes).not.toContain('notifications_pkey');
    const questions = await orderOf(() =>
      forumRepo.listOfToken(db, tokenId, {
        offset: 0,
        limit: 5,
        withHidden: false,
        unansweredOnly: false,
      }),
    );
    expect(questions.sorts).toEqual([]);
    expect(questions.indexes).toContain('questions_token_idx');
    expect(questions.indexes).not.toContain('questions_pkey');
    // The check sees an order the index cannot give.
    const bare = await orderOf(() =>
      db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.id))
        .limit(10),
    );
    expect(bare.sorts.length > 0 || bare.indexes.includes('notifications_pkey')).toBe(true);
  });

  it('the wallet balance and the authenticated user', async () => {
    // The month's withdrawals from their partial index, not from the whole history.
    const withdrawals = 'ledger_transfers_user_withdrawals_idx';
    await expectIndexed(
      () => walletRepo.createWalletReads(db).balance(userId, new Date(0)),
      withdrawals,
    );
    await expectIndexed(() => balanceOf(db, accounts.wallet(userId)));
    await expectIndexed(() => walletRepo.withdrawnSince(db, userId, new Date(0)), withdrawals);
    await expectIndexed(() => prepareUserById(db)(userId));
    await expectIndexed(() => findUserById(db, userId));
  });
});

describe('the wallet reads are one statement each', () => {
  it('balance, and a statement page with its count', async () => {
    const reads = walletRepo.createWalletReads(db);
    expect(await statementsOf(() => reads.balance(userId, new Date(0)))).toHaveLength(1);
    const page = () => reads.statement(userId, 'todos', { offset: 0, limit: 6 });
    expect(await statementsOf(page)).toHaveLength(1);
    expect((await page()).count).toBe(1);
    // An empty first page needs no count; past the last page it is asked for.
    expect(
      await statementsOf(() => reads.statement(userId, 'saque', { offset: 0, limit: 6 })),
    ).toHaveLength(1);
    expect(
      await statementsOf(() => reads.statement(userId, 'todos', { offset: 60, limit: 6 })),
    ).toHaveLength(2);
  });
});

describe("'Meus Ativos' is one statement a page", () => {
  it('a page of holdings carries their count; past the last page the count is asked for', async () => {
    await insertHolding(handle.db, { userId, tokenId, quantity: 3 });
    const reads = walletRepo.createWalletReads(db);
    const first = () => reads.holdings(userId, { offset: 0, limit: 6 });
    expect(await statementsOf(first)).toHaveLength(1);
    const page = await first();
    expect(page.count).toBe(1);
    expect(page.rows.map((r) => [r.token.id, r.holding.quantity])).toEqual([[tokenId, 3]]);
    const past = () => reads.holdings(userId, { offset: 60, limit: 6 });
    expect(await statementsOf(past)).toHaveLength(2);
    expect((await past()).count).toBe(1);
  });

  it('a page holds the newest holdings, and its count all of them but the emptied', async () => {
    const [{ id: holder }] = (await handle.db
      .insert(users)
      .values({ name: 'Muitos ativos', email: 'many@copaiba.dev', passwordHash: 'x' })
      .returning({ id: users.id })) as [{ id: number }];
    const held: number[] = [];
    for (let i = 0; i < 9; i++) {
      const { id } = await insertToken(handle.db, issuerId, { name: `Ativo ${i}` });
      // Updated a minute apart, the first the oldest; the last one sold out of (quantity 0).
      await insertHolding(handle.db, {
        userId: holder,
        tokenId: id,
        quantity: i === 8 ? 0 : i + 1,
        updatedAt: new Date(Date.UTC(2026, 0, 1, 12, i)),
      });
      if (i < 8) held.unshift(id);
    }
    const reads = walletRepo.createWalletReads(db);
    const rowsOf = (page: Awaited<ReturnType<typeof reads.holdings>>) =>
      page.rows.map((r) => [r.token.id, r.holding.quantity]);
    const first = () => reads.holdings(holder, { offset: 0, limit: 6 });
    const statements = await statementsOf(first);
    expect(statements).toHaveLength(1);
    // Only the page's holdings are joined to their tokens, however many the investor has.
    const tokensRead = (await planOf(statements[0]!, [], true))
      .filter((n) => n['Relation Name'] === 'tokens')
      .reduce((sum, n) => sum + n['Actual Rows']! * n['Actual Loops']!, 0);
    expect(tokensRead).toBe(6);
    expect((await first()).count).toBe(8);
    expect(rowsOf(await first())).toEqual(held.slice(0, 6).map((id, i) => [id, 8 - i]));
    const second = await reads.holdings(holder, { offset: 6, limit: 6 });
    expect(second.count).toBe(8);
    expect(rowsOf(second)).toEqual([
      [held[6], 2],
      [held[7], 1],
    ]);
  });
});

describe('the notification centre is one statement a page', () => {
  it('a page carries the total and unread counts; past the last page they are asked for', async () => {
    const reads = createNotificationReads(db);
    expect(
      await statementsOf(() => reads.listForUser(userId, { offset: 0, limit: 2 })),
    ).toHaveLength(1);
    expect(await reads.listForUser(userId, { offset: 0, limit: 2 })).toEqual({
      count: 0,
      unread: 0,
      rows: [],
    });
    // Recorded and marked as the product does, which keeps the counts (notifications.sql).
    const record = sql`select notification_record(${userId}::bigint, 'deposit_credited', '{}'::jsonb)`;
    for (let n = 0; n < 3; n++) await handle.db.execute(record);
    const [oldest] = await handle.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id)
      .limit(1);
    await handle.db.execute(
      sql`select notifications_mark_read(${userId}::bigint, ${`{${oldest!.id}}`}::bigint[], now())`,
    );
    const first = () => reads.listForUser(userId, { offset: 0, limit: 2 });
    expect(await statementsOf(first)).toHaveLength(1);
    const page = await first();
    expect({ count: page.count, unread: page.unread, rows: page.rows.length }).toEqual({
      count: 3,
      unread: 2,
      rows: 2,
    });
    // Newest first: the two unread ones.
    expect(page.rows.map((r) => r.readAt)).toEqual([null, null]);
    const past = () => reads.listForUser(userId, { offset: 10, limit: 2 });
    expect(await statementsOf(past)).toHaveLength(2);
    expect(await past()).toEqual({ count: 3, unread: 2, rows: [] });
  });
});

describe('no N+1: a list costs the same queries whatever its length', () => {
  const count = async (url: string) => {
    const statements = await statementsOf(async () => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
    });
    return statements.length;
  };
  const urls = () => [
    '/api/token/list/',
    '/api/token-issuer/list/',
    `/api/token/list/${issuerId}?page_size=10`,
    `/api/token-issuer/detail/${issuerId}`,
    `/api/token-issuer-token-project/detail/${tokenId}`,
  ];

  /** One request at a time: the log is shared. */
  const countAll = async () => {
    const counts: number[] = [];
    for (const url of urls()) counts.push(await count(url));
    return counts;
  };

  it('counts queries per request before and after the catalogue grows', async () => {
    const before = await countAll();
    expect(before).toEqual([2, 2, 3, 1, 1]);
    for (let i = 0; i < 6; i++) {
      const other = await insertIssuer(handle.db);
      await insertToken(handle.db, other.id);
      await insertProject(handle.db, (await insertToken(handle.db, issuerId)).id);
    }
    const after = await countAll();
    expect(after).toEqual(before);
  });
});
