import type { Database } from '@copaiba/db';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../lib/sql-rows.ts';

/**
 * The clock of the demo's history. The product's code runs at instants in the past (its services
 * and jobs read this clock), but the database stamps what it writes with its own time (`now()`, a
 * transaction's start: column defaults, updates in SQL code). The history runs in one transaction,
 * so after each step every timestamp equal to `now()` was written by that step, and takes the
 * step's instant (docs/DECISIONS.md, "demo seed").
 */
export async function historyClock(tx: Database) {
  const columns = await sqlRows<{ table: string; columns: string[] }>(
    tx,
    sql`select table_name as "table", array_agg(column_name::text order by column_name) as columns
      from information_schema.columns
      where table_schema = current_schema() and data_type = 'timestamp with time zone'
        and table_name in (select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE')
      group by table_name order by table_name`,
  );
  // One statement re-dates them all, a data-modifying CTE per table.
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const restamp = (instant: Date) => {
    const at = `'${instant.toISOString()}'::timestamptz`;
    const updates = columns.map(({ table, columns: names }, i) => {
      const set = names
        .map((c) => `${quote(c)} = case when ${quote(c)} = now() then ${at} else ${quote(c)} end`)
        .join(', ');
      const where = names.map((c) => `${quote(c)} = now()`).join(' or ');
      return `u${i} as (update ${quote(table)} set ${set} where ${where} returning 1)`;
    });
    return sql.raw(`with ${updates.join(', ')} select 1`);
  };

  let current = new Date();
  return {
    now: () => current,
    /** Runs `step` with the clock at `instant`, then dates what it wrote to that instant. */
    async at<T>(instant: Date, step: () => Promise<T>): Promise<T> {
      current = instant;
      const result = await step();
      await tx.execute(restamp(instant));
      return result;
    },
  };
}

export type HistoryClock = Awaited<ReturnType<typeof historyClock>>;
