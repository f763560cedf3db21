import { connectPostgres } from '@copaiba/db';
import { createTestDatabase } from '@copaiba/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';

/*
 * A transaction gives its pooled connection back however it ends, its BEGIN included
 * (packages/db/src/client.ts): a pool of one connection shows it.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: ReturnType<typeof connectPostgres>;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = connectPostgres(database.url, 1);
});
afterAll(async () => {
  await pool?.close();
  await database?.close();
});

/** Nothing is lent out, and the pool answers at once. */
async function expectPoolFree() {
  const { total, idle, waiting } = pool.poolUse();
  expect({ lent: total - idle, waiting }).toEqual({ lent: 0, waiting: 0 });
  const started = Date.now();
  await pool.db.execute(sql`select 1`);
  expect(Date.now() - started).toBeLessThan(1000);
}

it('gives the connection back when the transaction cannot start', async () => {
  await pool.db.execute(sql`select 1`);
  // PostgreSQL refuses the setting, as it refuses any BEGIN on a connection that died.
  const isolationLevel = 'nenhum' as 'serializable';
  await expect(pool.db.transaction(async () => 1, { isolationLevel })).rejects.toThrow();
  await expectPoolFree();
  expect(await pool.db.transaction((tx) => tx.execute(sql`select 2 as n`))).toMatchObject({
    rows: [{ n: 2 }],
  });
});

it('gives the connection back after PostgreSQL ended it, and the next transactions work', async () => {
  await pool.db.execute(sql`select 1`);
  await database.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query not like 'LISTEN%'`,
  );
  // The first may meet the dead connection (refused, never hung); every one after it works.
  const outcomes = [];
  for (let i = 0; i < 3; i++) {
    outcomes.push(await pool.db.transaction(async () => 'ok').catch(() => 'refused'));
  }
  expect(outcomes.slice(1)).toEqual(['ok', 'ok']);
  await expectPoolFree();
});

it('gives the connection back when the transaction or its commit fails, and rolls it back', async () => {
  await expect(
    pool.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table t (n integer)`);
      await tx.execute(sql`select 1 / 0`);
    }),
  ).rejects.toThrow();
  await expectPoolFree();
  // Deferred until the commit, which fails: rolled back all the same.
  await expect(
    pool.db.transaction(async (tx) => {
      await tx.execute(
        sql`create temporary table c (n integer primary key deferrable initially deferred)`,
      );
      await tx.execute(sql`insert into c values (1), (1)`);
    }),
  ).rejects.toThrow();
  await expectPoolFree();
});
