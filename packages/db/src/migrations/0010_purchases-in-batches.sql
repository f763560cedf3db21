-- Purchases of one offer arriving together, made in one transaction (one commit, the hot rows
-- locked once): each item is buy_tokens itself, in a subtransaction of its own, so an item refused
-- by the database (overdraft, a concurrent retry of its key, the units gone) rolls back alone and
-- is answered as buy_tokens' caller would answer it. One row per item, in order.
CREATE FUNCTION buy_tokens_batch(
  p_token_id bigint, p_today date, p_message text, p_endpoint text,
  p_user_ids bigint[], p_quantities bigint[], p_transfer_keys text[], p_idempotency_keys text[],
  p_request_hashes text[])
RETURNS TABLE (outcome text, status integer, body jsonb, units_left bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_constraint text;
  v_detail text;
BEGIN
  -- The offer's closing lock first, as each buy_tokens takes it: the closing job takes it before
  -- the buyers' wallets, and so must a batch.
  PERFORM pg_advisory_xact_lock_shared(8, p_token_id::integer);
  -- Then the buyers' wallets, in the order of their users' ids, as the closing and payout jobs
  -- take them: a batch holding the offer's rows never waits for a wallet another transaction
  -- holds while that one waits for a wallet the batch holds.
  PERFORM 1 FROM ledger_accounts
  WHERE code IN (SELECT 'wallet:' || u FROM unnest(p_user_ids) AS u)
  ORDER BY user_id FOR NO KEY UPDATE;
  FOR i IN 1 .. coalesce(array_length(p_user_ids, 1), 0) LOOP
    BEGIN
      SELECT b.outcome, b.status, b.body, b.units_left INTO outcome, status, body, units_left
      FROM buy_tokens(p_user_ids[i], p_token_id, p_quantities[i], p_today, p_transfer_keys[i],
        p_message, p_idempotency_keys[i], p_endpoint, p_request_hashes[i]) AS b;
    EXCEPTION
      WHEN check_violation THEN
        GET STACKED DIAGNOSTICS v_constraint = CONSTRAINT_NAME;
        IF v_constraint IS DISTINCT FROM 'ledger_accounts_no_overdraft' THEN RAISE; END IF;
        outcome := 'insufficient'; status := 400; body := NULL; units_left := NULL;
      WHEN unique_violation THEN
        GET STACKED DIAGNOSTICS v_constraint = CONSTRAINT_NAME;
        IF v_constraint IS DISTINCT FROM 'idempotent_requests_user_id_key_pk' THEN RAISE; END IF;
        outcome := 'key_race'; status := 409; body := NULL; units_left := NULL;
      WHEN SQLSTATE 'CP001' THEN
        GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
        outcome := 'sold_out'; status := 400; body := NULL; units_left := v_detail::bigint;
      WHEN SQLSTATE 'CP002' THEN
        outcome := 'not_funding'; status := 400; body := NULL; units_left := NULL;
    END;
    RETURN NEXT;
  END LOOP;
END
$$;
