import type { Database } from '@copaiba/db';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../lib/sql-rows.ts';

export interface HoldingValueDrift {
  userId: number;
  /** The holder's holdings times their tokens' unit prices. */
  expectedCents: string;
  storedCents: string;
  /** How many of the holder's holdings have units. */
  expectedHoldings: number;
  storedHoldings: number;
}

/**
 * Every holder whose stored holding value or count of tokens held (holding_values, which the
 * balance and 'Meus Ativos' read) differs from their holdings: empty when every purchase,
 * desistência, refund and board trade kept it right (packages/db/src/sql/holding-values.sql).
 */
export function holdingValuesDrift(db: Database): Promise<HoldingValueDrift[]> {
  return sqlRows<HoldingValueDrift>(
    db,
    sql`with expected as (
        select h.user_id, sum(h.quantity * t.unit_price_cents) as cents,
          count(*) filter (where h.quantity > 0) as holdings
        from token_holdings h join tokens t on t.id = h.token_id group by h.user_id)
      select coalesce(e.user_id, v.user_id)::int as "userId",
        coalesce(e.cents, 0)::text as "expectedCents", coalesce(v.value_cents, 0)::text as "storedCents",
        coalesce(e.holdings, 0)::int as "expectedHoldings", coalesce(v.holdings, 0)::int as "storedHoldings"
      from expected e full join holding_values v on v.user_id = e.user_id
      where coalesce(e.cents, 0) <> coalesce(v.value_cents, 0)
        or coalesce(e.holdings, 0) <> coalesce(v.holdings, 0)`,
  );
}
