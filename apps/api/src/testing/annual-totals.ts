import type { Database } from '@copaiba/db';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../lib/sql-rows.ts';

export interface AnnualTotalDrift {
  userId: number;
  year: number;
  /**
   * What the ledger says: the year's purchases, less those undone and those of failed offers
   * already refunded (a refund still queued by the closing job counts until its batch: offer-jobs.sql).
   */
  expectedCents: string;
  storedCents: string;
}

/**
 * Every investor and São Paulo year whose stored total (investor_annual_investments, which the
 * annual limit reads) differs from the ledger's own account of it (docs/product.md §15): empty when
 * the purchase, desistência and refund code kept it right.
 */
export function annualTotalsDrift(db: Database): Promise<AnnualTotalDrift[]> {
  return sqlRows<AnnualTotalDrift>(
    db,
    sql`with expected as (
        select p.user_id, sao_paulo_year(p.created_at) as year, sum(p.amount_cents) as cents
        from ledger_transfers p join tokens t on t.id = p.token_id
        where p.kind = 'purchase'
          and (t.offer_status is distinct from 'failed'
            or exists (select 1 from offer_job_queue q where q.token_id = p.token_id
              and q.kind = 'refund' and q.user_id = p.user_id))
          and not exists (select 1 from ledger_transfers d
            where d.idempotency_key = desistencia_key(p.id))
        group by p.user_id, sao_paulo_year(p.created_at))
      select coalesce(e.user_id, a.user_id)::int as "userId", coalesce(e.year, a.year) as year,
        coalesce(e.cents, 0)::text as "expectedCents", coalesce(a.invested_cents, 0)::text as "storedCents"
      from expected e full join investor_annual_investments a
        on a.user_id = e.user_id and a.year = e.year
      where coalesce(e.cents, 0) <> coalesce(a.invested_cents, 0)`,
  );
}
