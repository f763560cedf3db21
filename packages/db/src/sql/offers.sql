-- Offers: the figures of a token's offer that both the catalogue and purchases read, written once.
--
-- Contract: pure functions of a tokens row (no locks, no writes); LANGUAGE sql so the planner
-- inlines them into the queries that call them.

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

-- How many installments of this token have been paid.
CREATE OR REPLACE FUNCTION token_installments_paid(p_token_id bigint) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT count(*)::integer FROM installment_payments WHERE token_id = p_token_id
$$;
