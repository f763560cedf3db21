-- Purchases: an investor buys units of a funding offer with the wallet's balance.
--
-- What happens, in order (buy_tokens_batch, then buy_tokens per purchase):
--   1. The offer's purchase lock, shared (locks.sql step 3): the closing job waits for purchases
--      in flight, and purchases wait while it closes the offer.
--   2. The buyers' wallets, by user id (step 5), so batches never deadlock over them.
--   3. Per purchase, in a subtransaction of its own:
--      a. a retried Idempotency-Key gets its first answer back, moving nothing;
--      b. what can be refused without writing is refused: unknown or unissued token, offer no
--         longer funding (or past its deadline), more units than are left, a price past what is
--         left of the buyer's annual limit (investor.sql; read under the wallet's lock, so one
--         investor's purchases of every offer are counted one after another);
--      c. the answer is stored under the Idempotency-Key;
--      d. the units are added to the buyer's holding and the price to the year's total (step 6);
--      e. the price moves from the wallet to the offer's escrow (ledger_transfer; step 8);
--         a short balance fails the no-overdraft check;
--      f. last, the hot token row (step 9): units sold, amount raised, buyers, sold-out flag and
--         the latest purchase's time (for the desistência window) in one conditional UPDATE that
--         cannot oversell.
--      A refusal after a write (units or offer gone meanwhile, overdraft, a concurrent retry of the
--      same key) rolls back that purchase's subtransaction alone.
--   4. The receipts of the purchases bought, for the whole batch in set-based statements, under the
--      token row the purchases hold: one mint of all their units in the chain outbox (the chain
--      counter moves once; chain-outbox.sql), and each buyer's purchase_confirmed notification and
--      its mail (notifications_record_under_wallets, notifications.sql). Written per purchase, they
--      were half of the time the batch holds the offer's rows (docs/PERFORMANCE.md).
-- One transaction and one commit for every purchase of the batch; a lone purchase is a batch of
-- one. SQL answers outcomes; the API turns them into statuses and messages
-- (apps/api/src/modules/purchases/purchases.service.ts).
--
-- Outcomes: bought, replay, key_reused, not_found, not_funding, sold_out (with units_left),
-- above_annual_limit (with available_cents), insufficient, key_race (a concurrent request with the
-- same key committed first).

-- The SQLSTATEs buy_tokens raises to undo its writes (class CP: Copaíba's own), and back.
CREATE OR REPLACE FUNCTION purchase_sqlstate(p_outcome text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE p_outcome WHEN 'sold_out' THEN 'CP001' WHEN 'not_funding' THEN 'CP002' END
$$;

-- The outcome of an error that refuses one purchase; NULL for any other error.
CREATE OR REPLACE FUNCTION purchase_refusal(p_sqlstate text, p_constraint text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_sqlstate = purchase_sqlstate('sold_out') THEN 'sold_out'
    WHEN p_sqlstate = purchase_sqlstate('not_funding') THEN 'not_funding'
    WHEN p_sqlstate = '23514' AND p_constraint = 'ledger_accounts_no_overdraft' THEN 'insufficient'
    WHEN p_sqlstate = '23505' AND p_constraint = 'idempotent_requests_user_id_key_pk' THEN 'key_race'
  END
$$;

-- One purchase (steps 3a-f); its caller holds the offer's purchase lock and the buyer's wallet, and
-- writes the receipts of what was bought (step 4). p_answer is the API's answer to store under the
-- Idempotency-Key; the database adds `total_cents` to it. p_default_limit_cents is
-- ANNUAL_INVESTMENT_LIMIT. A purchase bought also answers its ledger transfer (the purchase's id)
-- and its price.
CREATE OR REPLACE FUNCTION buy_tokens(
  p_user_id bigint, p_token_id bigint, p_quantity bigint, p_today date,
  p_default_limit_cents bigint, p_transfer_key text, p_idempotency_key text, p_endpoint text,
  p_request_hash text, p_answer_status integer, p_answer jsonb)
RETURNS TABLE (outcome text, units_left bigint, available_cents bigint, answer_status integer,
  answer jsonb, transfer_id bigint, total_cents bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_token tokens;
  v_stored idempotent_requests;
  v_amount bigint;
  v_answer jsonb;
  v_new_buyer boolean;
  v_transfer bigint;
  v_remaining bigint;
BEGIN
  -- a. A retry gets its first answer.
  IF p_idempotency_key IS NOT NULL THEN
    SELECT * INTO v_stored FROM idempotent_requests r
    WHERE r.user_id = p_user_id AND r.key = p_idempotency_key;
    IF FOUND THEN
      IF v_stored.request_hash <> p_request_hash THEN
        RETURN QUERY SELECT 'key_reused', NULL::bigint, NULL::bigint, NULL::integer, NULL::jsonb,
          NULL::bigint, NULL::bigint;
      ELSE
        RETURN QUERY SELECT 'replay', NULL::bigint, NULL::bigint, v_stored.status, v_stored.body,
          NULL::bigint, NULL::bigint;
      END IF;
      RETURN;
    END IF;
  END IF;
  -- b. Refusals that need no write.
  SELECT * INTO v_token FROM tokens t WHERE t.id = p_token_id;
  IF NOT FOUND OR v_token.status <> 'issued' THEN
    RETURN QUERY SELECT 'not_found', NULL::bigint, NULL::bigint, NULL::integer, NULL::jsonb,
      NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  -- Past its deadline an offer sells nothing more, even before the closing job has run.
  IF v_token.offer_status <> 'funding' OR v_token.deadline_for_funding < p_today THEN
    RETURN QUERY SELECT 'not_funding', NULL::bigint, NULL::bigint, NULL::integer, NULL::jsonb,
      NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  IF p_quantity > token_units_left(v_token) THEN
    RETURN QUERY SELECT 'sold_out', token_units_left(v_token), NULL::bigint, NULL::integer,
      NULL::jsonb, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  v_amount := p_quantity * v_token.unit_price_cents;
  SELECT l.remaining_cents INTO v_remaining
  FROM investor_annual_limit(p_user_id, now(), p_default_limit_cents) AS l;
  IF v_amount > v_remaining THEN
    RETURN QUERY SELECT 'above_annual_limit', NULL::bigint, v_remaining, NULL::integer, NULL::jsonb,
      NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  -- c. The answer, stored with the purchase (a concurrent retry with the same key waits here).
  v_answer := p_answer || jsonb_build_object('total_cents', v_amount);
  IF p_idempotency_key IS NOT NULL THEN
    INSERT INTO idempotent_requests (user_id, key, endpoint, request_hash, status, body)
    VALUES (p_user_id, p_idempotency_key, p_endpoint, p_request_hash, p_answer_status, v_answer);
  END IF;
  -- d. The holding and its worth, and the year's total.
  INSERT INTO token_holdings AS h (user_id, token_id, quantity)
  VALUES (p_user_id, p_token_id, p_quantity)
  ON CONFLICT (user_id, token_id)
  DO UPDATE SET quantity = h.quantity + excluded.quantity, updated_at = now()
  RETURNING h.quantity = p_quantity INTO v_new_buyer;
  PERFORM holding_value_add(p_user_id, v_amount, v_new_buyer::integer);
  PERFORM count_annual_investment(p_user_id, now(), v_amount);
  -- e. The money.
  v_transfer := ledger_transfer(
    p_transfer_key, 'purchase',
    'wallet:' || p_user_id, 'wallet', p_user_id, NULL,
    'escrow:' || p_token_id, 'offer_escrow', NULL, p_token_id,
    v_amount, p_user_id, p_token_id, p_quantity, NULL);
  -- f. The units, on the hot row, only while the offer still has them.
  UPDATE tokens t
  SET units_sold = t.units_sold + p_quantity,
    amount_capitated_cents = t.amount_capitated_cents + v_amount,
    buyers = t.buyers + CASE WHEN v_new_buyer THEN 1 ELSE 0 END,
    offer_status = CASE
      WHEN t.units_sold + p_quantity >= token_units_for_sale(t) THEN 'all_sold'
      ELSE t.offer_status END,
    last_purchase_at = now()
  WHERE t.id = p_token_id AND t.offer_status = 'funding' AND t.deadline_for_funding >= p_today
    AND p_quantity <= token_units_left(t);
  IF NOT FOUND THEN
    SELECT * INTO v_token FROM tokens t WHERE t.id = p_token_id;
    IF v_token.offer_status IN ('funding', 'all_sold') AND v_token.deadline_for_funding >= p_today THEN
      RAISE EXCEPTION 'units no longer available'
        USING ERRCODE = purchase_sqlstate('sold_out'), DETAIL = token_units_left(v_token)::text;
    END IF;
    RAISE EXCEPTION 'offer no longer funding' USING ERRCODE = purchase_sqlstate('not_funding');
  END IF;
  RETURN QUERY SELECT 'bought', NULL::bigint, NULL::bigint, p_answer_status, v_answer, v_transfer,
    v_amount;
END
$$;

-- Purchases of one offer on one São Paulo date, in one transaction: one row per purchase, in
-- order, each the outcome it would have had alone.
CREATE OR REPLACE FUNCTION buy_tokens_batch(
  p_token_id bigint, p_today date, p_default_limit_cents bigint, p_endpoint text,
  p_answer_status integer, p_user_ids bigint[], p_quantities bigint[], p_transfer_keys text[],
  p_idempotency_keys text[], p_request_hashes text[], p_answers jsonb[])
RETURNS TABLE (outcome text, units_left bigint, available_cents bigint, answer_status integer,
  answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_sqlstate text;
  v_constraint text;
  v_detail text;
  v_transfer bigint;
  v_total bigint;
  -- The purchases bought, in order, for their receipts (step 4).
  v_buyers bigint[] := '{}';
  v_quantities bigint[] := '{}';
  v_transfers bigint[] := '{}';
  v_totals bigint[] := '{}';
  v_token tokens;
BEGIN
  PERFORM lock_offer_for_purchase(p_token_id);
  PERFORM lock_wallets(p_user_ids);
  FOR i IN 1 .. coalesce(array_length(p_user_ids, 1), 0) LOOP
    BEGIN
      SELECT b.outcome, b.units_left, b.available_cents, b.answer_status, b.answer, b.transfer_id,
        b.total_cents
      INTO outcome, units_left, available_cents, answer_status, answer, v_transfer, v_total
      FROM buy_tokens(p_user_ids[i], p_token_id, p_quantities[i], p_today, p_default_limit_cents,
        p_transfer_keys[i], p_idempotency_keys[i], p_endpoint, p_request_hashes[i],
        p_answer_status, p_answers[i]) AS b;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_sqlstate = RETURNED_SQLSTATE, v_constraint = CONSTRAINT_NAME,
        v_detail = PG_EXCEPTION_DETAIL;
      outcome := purchase_refusal(v_sqlstate, v_constraint);
      IF outcome IS NULL THEN RAISE; END IF;
      units_left := CASE WHEN outcome = 'sold_out' THEN v_detail::bigint END;
      available_cents := NULL;
      answer_status := NULL;
      answer := NULL;
    END;
    IF outcome = 'bought' THEN
      v_buyers := v_buyers || p_user_ids[i];
      v_quantities := v_quantities || p_quantities[i];
      v_transfers := v_transfers || v_transfer;
      v_totals := v_totals || v_total;
    END IF;
    RETURN NEXT;
  END LOOP;
  IF cardinality(v_transfers) = 0 THEN
    RETURN;
  END IF;
  -- 4. The receipts: one mint of every unit bought, numbered under the token row the purchases
  -- hold, then each buyer's notification and mail.
  UPDATE tokens t SET chain_seq = t.chain_seq + CASE WHEN t.chain_seq = 0 THEN 2 ELSE 1 END
  WHERE t.id = p_token_id
  RETURNING t.* INTO v_token;
  PERFORM chain_jobs_append(p_token_id, v_token.chain_seq, 'mint', NULL, v_transfers);
  PERFORM notifications_record_under_wallets(v_buyers, 'purchase_confirmed', ARRAY(
    SELECT jsonb_build_object('token_id', p_token_id, 'token_name', v_token.name,
      'token_symbol', v_token.symbol, 'purchase_id', r.transfer_id, 'quantity', r.quantity,
      'unit_price_cents', v_token.unit_price_cents, 'total_cents', r.total)
    FROM unnest(v_transfers, v_quantities, v_totals)
      WITH ORDINALITY AS r(transfer_id, quantity, total, n)
    ORDER BY r.n));
END
$$;
