import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, DatabaseHandle } from '@copaiba/db';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { deriveSecrets } from '../lib/secrets.ts';
import { localStorage } from '../lib/storage/local-storage.ts';
import { createSessionTokens } from '../modules/accounts/session-tokens.ts';
import { generousRateLimits } from './test-app.ts';
import { TEST_ENCRYPTION_SECRET } from './test-keys.ts';

/*
 * The statements the API really sends for its hot reads, and their plans (docs/PERFORMANCE.md "At
 * scale"): the real app on a database, its drizzle logging every statement, each hot route asked
 * once; then EXPLAIN (FORMAT JSON) of each statement as PostgreSQL would plan it on that data (a
 * custom plan with the request's parameters, and the generic plan a prepared statement settles on).
 */

/** Tables a hot read must never read sequentially, however large (issue 23). */
export const NEVER_SCANNED = ['ledger_transfers', 'token_holdings', 'notifications'] as const;

export interface Statement {
  route: string;
  sql: string;
  params: unknown[];
}

export interface HotReaders {
  /** The investor with the longest history (statement, notifications). */
  heavyInvestorId: number;
  /** The investor with the most holdings (balance, 'Meus Ativos'). */
  holdingsInvestorId: number;
  /** An investor with an ordinary history: a few of a large table's rows. */
  ordinaryInvestorId: number;
  /** An issued token with a project. */
  detailTokenId: number;
}

/** The statements EXPLAIN takes; transaction control is not among them. */
const PLANNED = /^\s*(?:\(?\s*select|with|insert|update|delete)\b/i;

/** Runs the hot routes once against `handle`'s database and returns what each sent. */
export async function hotReadStatements(
  handle: DatabaseHandle,
  readers: HotReaders,
): Promise<Statement[]> {
  const log: Statement[] = [];
  let route = 'start-up';
  const logger = {
    logQuery: (sql: string, params: unknown[]) => log.push({ route, sql, params }),
  };
  const client = (handle.db as unknown as { $client: pg.Pool }).$client;
  const db = drizzlePg(client, { logger }) as unknown as Database;
  const secrets = deriveSecrets(randomBytes(32).toString('hex'), TEST_ENCRYPTION_SECRET);
  const mediaDir = mkdtempSync(join(tmpdir(), 'copaiba-plans-'));
  // NODE_ENV=test: no public cache, so every public read reaches the database.
  const config = loadConfig({ NODE_ENV: 'test' });
  const app = await buildApp({
    config,
    database: { ...handle, db },
    secrets,
    storage: localStorage(mediaDir),
    rateLimits: generousRateLimits,
    webDistDir: '/nonexistent',
  });
  try {
    await app.ready();
    const sessions = createSessionTokens({
      secrets,
      accessTtlSeconds: 600,
      refreshTtlDays: 1,
      now: () => new Date(),
      endedSessions: { ended: () => undefined },
    });
    const bearer = async (userId: number) => {
      const session = await sessions.issue(
        handle.db,
        { id: userId, tokenVersion: 0 },
        { device: 'plans', ip: '127.0.0.1' },
      );
      return `Bearer ${session.access}`;
    };
    const heavy = await bearer(readers.heavyInvestorId);
    const holder = await bearer(readers.holdingsInvestorId);
    const ordinary = await bearer(readers.ordinaryInvestorId);
    const asks: Array<[string, string | null]> = [
      ['/api/token/list/', null],
      ['/api/token-issuer/list/', null],
      [`/api/token-issuer-token-project/detail/${readers.detailTokenId}`, null],
      ['/api/market/listings/', heavy],
      ['/api/user/', heavy],
      ['/api/wallet/balance/brlt/', holder],
      ['/api/wallet/balance/brlt/', heavy],
      ['/api/wallet/transactions/todos', heavy],
      ['/api/wallet/transactions/comprados', heavy],
      ['/api/wallet/my-tokens/todos', holder],
      ['/api/wallet/my-tokens/todos', heavy],
      ['/api/notifications/', heavy],
      ['/api/wallet/history/', heavy],
      ['/api/wallet/purchases/', heavy],
      ['/api/wallet/upcoming-receipts/', holder],
      ['/api/wallet/balance/brlt/', ordinary],
      ['/api/wallet/transactions/todos', ordinary],
      ['/api/wallet/my-tokens/todos', ordinary],
      ['/api/notifications/', ordinary],
    ];
    for (const [url, authorization] of asks) {
      route = `GET ${url}`;
      const res = await app.inject({
        method: 'GET',
        url,
        headers: authorization ? { authorization } : {},
      });
      if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode} ${res.body}`);
    }
    // Authentication's own statements (the user by id) are logged under the first route to need it;
    // a background job's begin/commit, logged under whichever route is running, has no plan.
    return log.filter((s) => s.route !== 'start-up' && PLANNED.test(s.sql));
  } finally {
    await app.close();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

/** A node of EXPLAIN (FORMAT JSON)'s plan. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

export interface StatementPlan extends Statement {
  plan: 'custom' | 'generic';
  nodes: PlanNode[];
  /** Tables read sequentially. */
  sequential: string[];
  indexes: string[];
}

const parameter = (p: unknown) =>
  typeof p === 'bigint' ? p.toString() : p instanceof Date ? p.toISOString() : p;

/**
 * Each statement's custom plan (EXPLAIN with the request's parameters) and, when PostgreSQL can
 * infer its parameters' types, its generic plan (PREPARE, plan_cache_mode force_generic_plan):
 * what a prepared statement runs after its fifth execution.
 */
export async function plansOf(handle: DatabaseHandle, statements: Statement[]) {
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const conn = await pool.connect();
  const plans: StatementPlan[] = [];
  const explained = (raw: unknown, statement: Statement, plan: StatementPlan['plan']) => {
    const json = (raw as { 'QUERY PLAN': unknown })['QUERY PLAN'];
    const [top] = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{
      Plan: PlanNode;
    }>;
    const nodes = nodesOf(top!.Plan);
    plans.push({
      ...statement,
      plan,
      nodes,
      sequential: nodes
        .filter((n) => n['Node Type'] === 'Seq Scan')
        .map((n) => n['Relation Name'] ?? '?'),
      indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
    });
  };
  try {
    const seen = new Set<string>();
    for (const statement of statements) {
      const params = statement.params.map(parameter);
      const key = `${statement.sql}\u0000${JSON.stringify(params)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      explained(
        (await conn.query(`explain (format json) ${statement.sql}`, params)).rows[0],
        statement,
        'custom',
      );
      if (params.length === 0) continue;
      try {
        await conn.query('begin');
        await conn.query('set local plan_cache_mode = force_generic_plan');
        await conn.query(`prepare copaiba_plan as ${statement.sql}`);
        const literals = params.map((p) =>
          p === null
            ? 'null'
            : `'${(typeof p === 'string' ? p : JSON.stringify(p)).replaceAll("'", "''")}'`,
        );
        explained(
          (await conn.query(`explain (format json) execute copaiba_plan(${literals.join(', ')})`))
            .rows[0],
          statement,
          'generic',
        );
      } catch {
        // A parameter whose type PostgreSQL cannot infer alone: the custom plan is checked.
      } finally {
        await conn.query('rollback');
        await conn.query('deallocate all');
      }
    }
  } finally {
    conn.release();
  }
  return plans;
}

/** The plans that read one of NEVER_SCANNED sequentially. */
export const forbiddenScans = (plans: StatementPlan[]) =>
  plans.filter((p) =>
    p.sequential.some((table) => (NEVER_SCANNED as readonly string[]).includes(table)),
  );

/**
 * The calls of SQL-language functions that `work` adds, by name, on the connection `rowsOf` reads
 * on (with `track_functions` on): a function the planner inlines is never called, and one it
 * cannot inline has its body parsed and planned again at every execution of the statement that
 * calls it (docs/CODE_STYLE.md, "Queries"). The backend's counts not yet reported outlive a
 * transaction, hence the difference.
 */
export async function sqlLanguageCallsOf(
  rowsOf: (text: string) => Promise<unknown[]>,
  work: () => Promise<unknown>,
): Promise<Array<[name: string, calls: number]>> {
  const counts = async () =>
    new Map(
      (
        (await rowsOf(
          `select p.proname as name, s.calls::int as calls
             from pg_stat_xact_user_functions s
             join pg_proc p on p.oid = s.funcid
             join pg_language l on l.oid = p.prolang
             where l.lanname = 'sql' order by 1`,
        )) as Array<{ name: string; calls: number }>
      ).map((r) => [r.name, r.calls]),
    );
  const before = await counts();
  await work();
  return [...(await counts())]
    .map(([name, calls]): [string, number] => [name, calls - (before.get(name) ?? 0)])
    .filter(([, calls]) => calls > 0);
}

/** The SQL-language functions each statement calls, each run in a transaction rolled back. */
export async function sqlFunctionCalls(handle: DatabaseHandle, statements: Statement[]) {
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const conn = await pool.connect();
  const calls: Array<{ route: string; name: string; calls: number }> = [];
  try {
    for (const statement of statements) {
      try {
        await conn.query('begin');
        await conn.query("set local track_functions = 'all'");
        const added = await sqlLanguageCallsOf(
          async (text) => (await conn.query(text)).rows,
          () => conn.query(statement.sql, statement.params.map(parameter)),
        );
        calls.push(...added.map(([name, n]) => ({ route: statement.route, name, calls: n })));
      } finally {
        await conn.query('rollback');
      }
    }
  } finally {
    conn.release();
  }
  return calls;
}
