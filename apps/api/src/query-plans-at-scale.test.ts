import { createTestDatabase } from '@copaiba/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forbiddenScans,
  hotReadStatements,
  NEVER_SCANNED,
  plansOf,
  sqlFunctionCalls,
  type Statement,
  type StatementPlan,
} from './testing/query-plans.ts';
import { checkScaleLedger, generateScaleData, type ScaleData } from './testing/scale-data.ts';

/*
 * docs/PERFORMANCE.md "At scale": the statements the hot reads really send (the real app, its
 * drizzle logging them) are planned by PostgreSQL on a generated data set large enough that a
 * missing index shows as a sequential scan: none of them reads transfers, holdings or notifications
 * sequentially, neither with the request's parameters nor in the generic plan a prepared statement
 * settles on. `npm run bench -- --scale` checks the same on twenty times more.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let data: ScaleData;
let statements: Statement[];
let plans: StatementPlan[];

beforeAll(async () => {
  database = await createTestDatabase();
  data = await generateScaleData(database.url, {
    investors: 4_000,
    tokens: 300,
    transfers: 150_000,
    heavyMovements: 4_000,
    heavyHoldings: 100,
    notificationsPerInvestor: 5,
  });
  statements = await hotReadStatements(database, {
    heavyInvestorId: data.heavyInvestorId,
    holdingsInvestorId: data.holdingsInvestorId,
    ordinaryInvestorId: data.sampleInvestorIds[0]!,
    detailTokenId: data.detailTokenId,
  });
  plans = await plansOf(database, statements);
});
afterAll(() => database?.close());

describe('the hot reads on a large data set', () => {
  it('are on a balanced ledger of the size asked for', async () => {
    expect(data.counts.ledger_transfers).toBeGreaterThan(149_000);
    expect(data.counts.users).toBeGreaterThanOrEqual(4_000);
    expect(await checkScaleLedger(database.url)).toMatchObject({ totalCents: '0', balanced: true });
  });

  it('send statements that read every large table through an index', () => {
    const routes = new Set(plans.map((p) => p.route));
    for (const route of [
      'GET /api/wallet/balance/brlt/',
      'GET /api/wallet/transactions/todos',
      'GET /api/wallet/my-tokens/todos',
      'GET /api/notifications/',
    ]) {
      expect(routes).toContain(route);
    }
    const used = new Set(plans.flatMap((p) => p.indexes));
    for (const index of [
      'ledger_transfers_user_kind_idx',
      'ledger_transfers_user_withdrawals_idx',
      'token_holdings_newest_idx',
      'holding_values_pkey',
      'notifications_user_idx',
    ]) {
      expect(used).toContain(index);
    }
    // Prepared statements are checked in their generic plan too.
    expect(plans.some((p) => p.plan === 'generic')).toBe(true);
    expect(
      forbiddenScans(plans).map((p) => ({ route: p.route, plan: p.plan, seq: p.sequential })),
    ).toEqual([]);
  });

  it('would see a sequential scan of one of those tables', async () => {
    const [scan] = await plansOf(database, [
      {
        route: 'a read no index serves',
        sql: 'select count(*) from ledger_transfers where amount_cents = $1',
        params: [1000],
      },
    ]);
    expect(scan!.sequential).toContain('ledger_transfers');
    expect(forbiddenScans([scan!])).toHaveLength(1);
    expect(NEVER_SCANNED).toContain('ledger_transfers');
  });

  it('call no SQL-language function, which PostgreSQL would plan again at each execution', async () => {
    expect(await sqlFunctionCalls(database, statements)).toEqual([]);
    // As 'Meus Ativos' called the scalar token_installments_paid per row before it was a table.
    const seen = await sqlFunctionCalls(database, [
      {
        route: 'a call the planner cannot inline',
        sql: "select notification_mailed($1, 'forum_answer')",
        params: [data.heavyInvestorId],
      },
      {
        route: 'the installments paid, inlined',
        sql: 'select (select paid from token_installments_paid($1))',
        params: [data.detailTokenId],
      },
    ]);
    expect(new Set(seen.map((c) => c.route))).toEqual(
      new Set(['a call the planner cannot inline']),
    );
    expect(seen.map((c) => c.name)).toContain('notification_mailed');
  });
});
