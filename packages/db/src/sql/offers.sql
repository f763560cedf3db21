-- Offers: the figures of a token's offer that both the catalogue and purchases read, written once.
--
-- Contract: functions of a token (no locks, no writes); LANGUAGE sql so the planner inlines them
-- into the queries that call them.

-- Units the offer may sell at all: the quantity, capped by the maximum amount to raise
-- (docs/product.md §4).
CREATE OR REPLACE FUNCTION token_units_for_sale(t tokens) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(t.quantity::bigint, coalesce(t.maximum_amount_raised_cents / nullif(t.unit_price_cents, 0), 0))
$$;

-- Units that can still be bought: `quantity_token_left`.
CREATE OR REPLACE FUNCTION token_units_left(t tokens) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest(token_units_for_sale(t) - t.units_sold, 0)
$$;

-- How many installments of this token have been paid, as a one-row table: a query reads it as
-- `(select paid from token_installments_paid(id))`, which the planner inlines. A scalar SQL
-- function holding an aggregate is never inlined: called per row, its body parsed and planned at
-- every execution of the statement that calls it (docs/PERFORMANCE.md, "Queries").
CREATE OR REPLACE FUNCTION token_installments_paid(p_token_id bigint)
RETURNS TABLE (paid integer)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT count(*)::integer FROM installment_payments WHERE token_id = p_token_id
$$;
