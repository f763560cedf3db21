-- Investor protection (CVM Resolução 88; docs/product.md §15): the annual investment limit.
--
-- Contract: investor_annual_investments holds, per investor and São Paulo calendar year, what the
-- investor has in Copaíba offers net of desistências and refunds. A purchase counts in the year
-- of its own time (its ledger transfer's created_at, the transaction's now()), and its
-- desistência or its offer's failure takes it back from that same year, each in the transaction
-- that moves the money; so a purchase reads its year's total in one indexed read.
-- investor_annual_limit says what the investor may still invest; the purchase (purchases.sql) and
-- the profile (apps/api/src/modules/investor) both ask it.
-- Locks: an investor's rows are written only while their wallet is held (locks.sql step 5), which
-- puts one investor's purchases, desistências and refunds in a line; they are taken with the
-- token holdings (step 6).

CREATE OR REPLACE FUNCTION sao_paulo_year(p_at timestamptz) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT extract(year FROM p_at AT TIME ZONE 'America/Sao_Paulo')::integer
$$;

-- Adds p_delta_cents to the investor's total of p_at's year; a negative one (a purchase given
-- back) changes the row its purchase made (an insert would be checked, and refused, as negative).
CREATE OR REPLACE FUNCTION count_annual_investment(
  p_user_id bigint, p_at timestamptz, p_delta_cents bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta_cents < 0 THEN
    UPDATE investor_annual_investments
    SET invested_cents = invested_cents + p_delta_cents
    WHERE user_id = p_user_id AND year = sao_paulo_year(p_at);
    RETURN;
  END IF;
  INSERT INTO investor_annual_investments AS a (user_id, year, invested_cents)
  VALUES (p_user_id, sao_paulo_year(p_at), p_delta_cents)
  ON CONFLICT (user_id, year)
  DO UPDATE SET invested_cents = a.invested_cents + excluded.invested_cents;
END
$$;

-- The investor's limit in p_at's year, from their latest declaration: none for a qualified
-- investor (NULL); 10% of the greater of income and financial investments when one of them is
-- strictly above R$ 200.000,00; else p_default_limit_cents (ANNUAL_INVESTMENT_LIMIT). What is
-- left is the limit less the year's purchases here and the investments declared elsewhere that
-- year (a declaration of an earlier year says nothing of this one), never below zero.
CREATE OR REPLACE FUNCTION investor_annual_limit(
  p_user_id bigint, p_at timestamptz, p_default_limit_cents bigint)
RETURNS TABLE (annual_limit_cents bigint, invested_cents bigint, invested_elsewhere_cents bigint,
  remaining_cents bigint)
LANGUAGE sql STABLE AS $$
  WITH declared AS (
    SELECT
      CASE
        WHEN d.is_qualified_investor THEN NULL
        WHEN greatest(d.annual_income_cents, d.financial_investments_cents) > 20000000
          THEN greatest(d.annual_income_cents, d.financial_investments_cents) / 10
        ELSE p_default_limit_cents
      END AS annual_limit,
      coalesce((SELECT a.invested_cents FROM investor_annual_investments a
        WHERE a.user_id = p_user_id AND a.year = sao_paulo_year(p_at)), 0) AS invested,
      CASE WHEN sao_paulo_year(d.declared_at) = sao_paulo_year(p_at)
        THEN d.invested_elsewhere_cents ELSE 0 END AS elsewhere
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT * FROM investor_declarations x WHERE x.user_id = p_user_id ORDER BY x.id DESC LIMIT 1
    ) AS d ON true
  )
  SELECT annual_limit, invested, elsewhere,
    CASE WHEN annual_limit IS NOT NULL THEN greatest(annual_limit - invested - elsewhere, 0) END
  FROM declared
$$;

-- A failed offer's refunds: these buyers' purchases of it that were not undone leave their years'
-- totals (the closing job's batch, in the transaction of their refunds, holding their wallets).
CREATE OR REPLACE FUNCTION uncount_refunded_purchases(p_token_id bigint, p_user_ids bigint[])
RETURNS void LANGUAGE sql AS $$
  UPDATE investor_annual_investments a
  SET invested_cents = a.invested_cents - s.cents
  FROM (
    SELECT p.user_id, sao_paulo_year(p.created_at) AS year, sum(p.amount_cents) AS cents
    FROM ledger_transfers p
    WHERE p.user_id = ANY (p_user_ids) AND p.kind = 'purchase' AND p.token_id = p_token_id
      AND NOT EXISTS (SELECT 1 FROM ledger_transfers d
        WHERE d.idempotency_key = desistencia_key(p.id))
    GROUP BY p.user_id, sao_paulo_year(p.created_at)
  ) AS s
  WHERE a.user_id = s.user_id AND a.year = s.year
$$;
