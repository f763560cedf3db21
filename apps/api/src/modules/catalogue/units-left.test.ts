import { createTestDatabase } from '@copaiba/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../lib/sql-rows.ts';

/** The one definition of units left (packages/db/src/sql/offers.sql), read by the catalogue and purchases. */
describe('token_units_left', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const unitsLeft = async (terms: Record<string, number>) => {
    const row = {
      unit_price_cents: 100_00,
      maximum_amount_raised_cents: 50_000_00,
      quantity: 1000,
      units_sold: 0,
      ...terms,
    };
    const [result] = await sqlRows<{ left: string | number }>(
      database.db,
      sql`select token_units_left(jsonb_populate_record(null::tokens, ${JSON.stringify(row)}::jsonb)) as left`,
    );
    return Number(result!.left);
  };

  it('caps units for sale by the maximum raise and subtracts units sold', async () => {
    expect(await unitsLeft({})).toBe(500);
    expect(await unitsLeft({ units_sold: 480 })).toBe(20);
    expect(await unitsLeft({ maximum_amount_raised_cents: 200_000_00, units_sold: 1000 })).toBe(0);
  });
});
