import type { Database } from '@copaiba/db';
import type { SQL } from 'drizzle-orm';

/** The rows of a raw statement (node-postgres answers `{ rows }`). */
export async function sqlRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
