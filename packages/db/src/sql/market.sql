-- The secondary board, 'Mural de Negociação' (CVM Resolução 88, transações subsequentes;
-- docs/product.md §18): investors resell units of a distributing token to each other.
--
-- market_list (a listing): the seller's holding row (locks.sql step 6), alone. Refused without a
--   write: a token that does not exist or is not distributing, more units than are free (held and
--   not already listed). Otherwise the units are reserved on the holding (reserved <= quantity is
--   the table's check) and the listing is written. Listed units still belong to the seller, who
--   keeps receiving their installments until they are sold.
--
-- market_cancel (the seller takes the listing down): the listing's row (step 4), then the holding
--   (step 6). What is left unsold is released from the reservation; units already sold stay sold.
--   Exclusive with every purchase of the listing through the listing's row.
--
-- market_buy_batch (purchases from one listing that arrive together; a lone one is a batch of
-- one), in order:
--   0. The token's offer lock, shared (step 3), as offer purchases take it: the installment payout
--      takes it exclusively (lock_offer_for_payout), so a payout never reads the holdings while a
--      purchase of the token is in flight.
--   1. The listing's row, FOR UPDATE (step 4): purchases of one listing and its cancellation go
--      one at a time, so a listing is never oversold and a purchase and a cancel never both take
--      the same units.
--   2. Every party's remunerations of the token still queued by an installment's payout
--      (offer_job_lock_holders, offer-jobs.sql: step 4 too, waiting for a batch that is serving
--      them), then every party's wallet in user-id order (lock_wallets, step 5): the buyers' and
--      the seller's, all before the first purchase, so batches never deadlock over them. Each
--      holding a purchase then takes (step 6) is the holding of a user whose wallet is held.
--   3. Per purchase (market_buy_one), in a subtransaction of its own, in order:
--      a. a retried Idempotency-Key gets its first answer back, moving nothing (a retry in the same
--         batch finds the answer its first stored);
--      b. refusals that need no write: one's own listing; a buyer who is not an active investor
--         (an offer purchase on Copaíba, not undone, since p_active_since); a listing cancelled or
--         sold out (by the purchases before it, too); more units than are left (with units_left);
--         a balance that does not cover the price and the fee (insufficient);
--      c. the trade and the answer stored under the Idempotency-Key;
--      d. the holdings (step 6): the units leave the seller's holding and its reservation, and
--         join the buyer's;
--      e. the money (ledger_transfer, step 7 for the token's market_clearing and fee accounts):
--         first the parties' queued remunerations (offer_job_serve_holders), so each ledger shows
--         an installment claimed before the trade ahead of it; then the price from the buyer's
--         wallet to the clearing account (market_purchase, the buyer's line), from there to the
--         seller's wallet (market_sale, the seller's line), and the fee, when there is one, from
--         the buyer's wallet to the token's market_fees account (market_fee);
--      f. the listing: units left down, sold out at zero;
--      g. last, the token's row (step 9, chain_record): the remunerations paid in e go to the chain
--         outbox, numbered in commit order.
--      A concurrent request with the same Idempotency-Key that committed first (key_race) rolls
--      back that purchase's subtransaction alone; the API asks again and gets its answer.
--   4. The receipts of the purchases bought, for the whole batch in set-based statements: one
--      transfer in the chain outbox of every trade's units from the seller's custodied wallet to
--      its buyer's (chain_record, step 9; the chain worker pairs each trade's two lines), then the
--      buyers' market_purchase and the seller's market_sale notifications
--      (notifications_record_under_wallets), as purchases of an offer do (purchases.sql).
-- One transaction, one round trip and one commit for every purchase of the batch: a hot listing's
-- buyers share the wait for its row and for the commit (docs/PERFORMANCE.md, "The secondary
-- board"). SQL answers outcomes; the API turns them into statuses and messages
-- (apps/api/src/modules/market/market.service.ts).
--
-- Installments: the payout's claim waits for the board purchases of the token in flight (step 0)
-- and queues what each holder is owed for the units they hold then; purchases that come later
-- wait for the claim, not for the payment (offer-jobs.sql). Every unit is paid once, to whoever
-- held it when the installment was claimed, and each party's ledger shows that payment before any
-- trade after the claim (step 3e).

-- The fee on an amount at p_fee_bp hundredths of a percent (MARKET_FEE_PERCENT), half-even.
CREATE OR REPLACE FUNCTION market_fee_cents(p_amount_cents bigint, p_fee_bp integer)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  v_product numeric := p_amount_cents::numeric * p_fee_bp;
  v_fee bigint := floor(v_product / 10000);
  v_rest numeric := v_product - v_fee::numeric * 10000;
BEGIN
  IF v_rest * 2 > 10000 OR (v_rest * 2 = 10000 AND v_fee % 2 = 1) THEN
    v_fee := v_fee + 1;
  END IF;
  RETURN v_fee;
END
$$;

-- Whether the user bought in a Copaíba offer since p_since, a purchase not undone by desistência
-- (docs/product.md §18: only active investors buy on the board). PL/pgSQL, whose plan is kept for
-- the session: a SQL function's is parsed and planned again in each new subtransaction, and
-- market_buy_batch runs every purchase in one (docs/PERFORMANCE.md, "The secondary board").
CREATE OR REPLACE FUNCTION market_active_investor(p_user_id bigint, p_since timestamptz)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM ledger_transfers p
    WHERE p.user_id = p_user_id AND p.kind = 'purchase' AND p.created_at >= p_since
      AND NOT EXISTS (SELECT 1 FROM ledger_transfers d
        WHERE d.idempotency_key = desistencia_key(p.id))
  );
END
$$;

-- Outcomes: listed (listing_id), token_not_found, not_distributing, not_enough_units (free_units).
CREATE OR REPLACE FUNCTION market_list(
  p_seller_id bigint, p_token_id bigint, p_quantity bigint, p_unit_price_cents bigint)
RETURNS TABLE (outcome text, listing_id bigint, free_units bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_offer_status text;
  v_holding token_holdings;
  v_listing bigint;
BEGIN
  SELECT t.offer_status INTO v_offer_status FROM tokens t
  WHERE t.id = p_token_id AND t.status = 'issued';
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'token_not_found', NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  IF v_offer_status <> 'distributing' THEN
    RETURN QUERY SELECT 'not_distributing', NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  SELECT * INTO v_holding FROM token_holdings h
  WHERE h.user_id = p_seller_id AND h.token_id = p_token_id
  FOR UPDATE;
  IF NOT FOUND OR v_holding.quantity - v_holding.reserved < p_quantity THEN
    RETURN QUERY SELECT 'not_enough_units', NULL::bigint,
      coalesce(v_holding.quantity - v_holding.reserved, 0);
    RETURN;
  END IF;
  UPDATE token_holdings h SET reserved = h.reserved + p_quantity, updated_at = now()
  WHERE h.user_id = p_seller_id AND h.token_id = p_token_id;
  INSERT INTO market_listings (seller_id, token_id, quantity, quantity_left, unit_price_cents)
  VALUES (p_seller_id, p_token_id, p_quantity, p_quantity, p_unit_price_cents)
  RETURNING id INTO v_listing;
  RETURN QUERY SELECT 'listed', v_listing, NULL::bigint;
END
$$;

-- Outcomes: cancelled (released: the units freed), already_cancelled, sold_out, not_found (no
-- such listing of this seller).
CREATE OR REPLACE FUNCTION market_cancel(p_seller_id bigint, p_listing_id bigint)
RETURNS TABLE (outcome text, released bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_listing market_listings;
BEGIN
  SELECT * INTO v_listing FROM market_listings l
  WHERE l.id = p_listing_id AND l.seller_id = p_seller_id
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found', NULL::bigint;
    RETURN;
  END IF;
  IF v_listing.status <> 'open' THEN
    RETURN QUERY SELECT CASE v_listing.status WHEN 'cancelled' THEN 'already_cancelled'
      ELSE 'sold_out' END, NULL::bigint;
    RETURN;
  END IF;
  UPDATE token_holdings h SET reserved = h.reserved - v_listing.quantity_left, updated_at = now()
  WHERE h.user_id = p_seller_id AND h.token_id = v_listing.token_id;
  UPDATE market_listings l SET status = 'cancelled', closed_at = now() WHERE l.id = p_listing_id;
  RETURN QUERY SELECT 'cancelled', v_listing.quantity_left;
END
$$;

-- One purchase from a listing; its caller (market_buy_batch) holds the token's offer lock, the
-- listing's row, and the parties' queued remunerations and wallets. Outcomes: bought and replay
-- (answer_status, answer), key_reused, own_listing, not_active_investor, listing_cancelled,
-- listing_sold_out, not_enough_units (units_left), insufficient. p_answer is the API's answer to
-- store under the Idempotency-Key; the database adds the trade's figures (ids, units, centavos) to
-- it. p_fee_bp is MARKET_FEE_PERCENT in hundredths of a percent.
CREATE OR REPLACE FUNCTION market_buy_one(
  p_buyer_id bigint, p_listing_id bigint, p_quantity bigint, p_fee_bp integer,
  p_active_since timestamptz, p_idempotency_key text, p_endpoint text, p_request_hash text,
  p_answer_status integer, p_answer jsonb)
RETURNS TABLE (outcome text, units_left bigint, answer_status integer, answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_listing market_listings;
  v_stored idempotent_requests;
  v_amount bigint;
  v_fee bigint;
  v_balance bigint;
  v_trade bigint;
  v_answer jsonb;
  v_key text;
  v_served jsonb;
  v_worth bigint;
  v_seller_closed boolean;
  v_buyer_opened boolean;
BEGIN
  -- The listing as the purchases before this one in the batch left it.
  SELECT * INTO v_listing FROM market_listings l WHERE l.id = p_listing_id;
  -- a. A retry gets its first answer.
  IF p_idempotency_key IS NOT NULL THEN
    SELECT * INTO v_stored FROM idempotent_requests r
    WHERE r.user_id = p_buyer_id AND r.key = p_idempotency_key;
    IF FOUND THEN
      IF v_stored.request_hash <> p_request_hash THEN
        RETURN QUERY SELECT 'key_reused', NULL::bigint, NULL::integer, NULL::jsonb;
      ELSE
        RETURN QUERY SELECT 'replay', NULL::bigint, v_stored.status, v_stored.body;
      END IF;
      RETURN;
    END IF;
  END IF;
  -- b. Refusals that need no write.
  IF v_listing.seller_id = p_buyer_id THEN
    RETURN QUERY SELECT 'own_listing', NULL::bigint, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  IF NOT market_active_investor(p_buyer_id, p_active_since) THEN
    RETURN QUERY SELECT 'not_active_investor', NULL::bigint, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  IF v_listing.status <> 'open' THEN
    RETURN QUERY SELECT CASE v_listing.status WHEN 'cancelled' THEN 'listing_cancelled'
      ELSE 'listing_sold_out' END, NULL::bigint, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  IF p_quantity > v_listing.quantity_left THEN
    RETURN QUERY SELECT 'not_enough_units', v_listing.quantity_left, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  v_amount := p_quantity * v_listing.unit_price_cents;
  v_fee := market_fee_cents(v_amount, p_fee_bp);
  SELECT a.balance_cents INTO v_balance FROM ledger_accounts a WHERE a.code = 'wallet:' || p_buyer_id;
  IF coalesce(v_balance, 0) < v_amount + v_fee THEN
    RETURN QUERY SELECT 'insufficient', NULL::bigint, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  -- c. The trade and its answer (a concurrent request with the same key fails on the key).
  INSERT INTO market_trades (listing_id, token_id, seller_id, buyer_id, quantity, unit_price_cents,
    amount_cents, fee_cents)
  VALUES (p_listing_id, v_listing.token_id, v_listing.seller_id, p_buyer_id, p_quantity,
    v_listing.unit_price_cents, v_amount, v_fee)
  RETURNING id INTO v_trade;
  v_answer := p_answer || jsonb_build_object('id', v_trade, 'listing_id', p_listing_id,
    'token_id', v_listing.token_id, 'quantity', p_quantity,
    'unit_price_cents', v_listing.unit_price_cents, 'amount_cents', v_amount, 'fee_cents', v_fee);
  IF p_idempotency_key IS NOT NULL THEN
    INSERT INTO idempotent_requests (user_id, key, endpoint, request_hash, status, body)
    VALUES (p_buyer_id, p_idempotency_key, p_endpoint, p_request_hash, p_answer_status, v_answer);
  END IF;
  -- d. The units.
  UPDATE token_holdings h
  SET quantity = h.quantity - p_quantity, reserved = h.reserved - p_quantity, updated_at = now()
  WHERE h.user_id = v_listing.seller_id AND h.token_id = v_listing.token_id
  RETURNING h.quantity = 0 INTO v_seller_closed;
  INSERT INTO token_holdings AS h (user_id, token_id, quantity)
  VALUES (p_buyer_id, v_listing.token_id, p_quantity)
  ON CONFLICT (user_id, token_id)
  DO UPDATE SET quantity = h.quantity + excluded.quantity, updated_at = now()
  RETURNING h.quantity = p_quantity INTO v_buyer_opened;
  -- Their worth at the token's unit price, not the trade's (holding-values.sql).
  SELECT p_quantity * t.unit_price_cents INTO v_worth FROM tokens t WHERE t.id = v_listing.token_id;
  PERFORM holding_value_add(v_listing.seller_id, -v_worth, -v_seller_closed::integer);
  PERFORM holding_value_add(p_buyer_id, v_worth, v_buyer_opened::integer);
  -- e. The money: the parties' remunerations still queued, then each party's line as its own
  -- transfer, through the token's clearing account.
  v_served := offer_job_serve_holders(v_listing.token_id, ARRAY[p_buyer_id, v_listing.seller_id]);
  v_key := 'market:' || v_trade;
  PERFORM ledger_transfer(
    v_key || ':purchase', 'market_purchase',
    'wallet:' || p_buyer_id, 'wallet', p_buyer_id, NULL,
    'market_clearing:' || v_listing.token_id, 'market_clearing', NULL, v_listing.token_id,
    v_amount, p_buyer_id, v_listing.token_id, p_quantity, v_trade::text);
  PERFORM ledger_transfer(
    v_key || ':sale', 'market_sale',
    'market_clearing:' || v_listing.token_id, 'market_clearing', NULL, v_listing.token_id,
    'wallet:' || v_listing.seller_id, 'wallet', v_listing.seller_id, NULL,
    v_amount, v_listing.seller_id, v_listing.token_id, p_quantity, v_trade::text);
  IF v_fee > 0 THEN
    PERFORM ledger_transfer(
      v_key || ':fee', 'market_fee',
      'wallet:' || p_buyer_id, 'wallet', p_buyer_id, NULL,
      'market_fees:' || v_listing.token_id, 'platform', NULL, v_listing.token_id,
      v_fee, p_buyer_id, v_listing.token_id, NULL, v_trade::text);
  END IF;
  -- f. The listing.
  UPDATE market_listings l
  SET quantity_left = l.quantity_left - p_quantity,
    status = CASE WHEN l.quantity_left = p_quantity THEN 'sold_out' ELSE 'open' END,
    closed_at = CASE WHEN l.quantity_left = p_quantity THEN now() END
  WHERE l.id = p_listing_id;
  -- g. The chain: the remunerations paid (the trade's transfer is the batch's, step 4).
  PERFORM chain_record(v_listing.token_id, 'remunerate', s.installment, s.keys)
  FROM jsonb_to_recordset(v_served) AS s(installment integer, keys text[]);
  RETURN QUERY SELECT 'bought', NULL::bigint, p_answer_status, v_answer;
END
$$;

-- Purchases from one listing, in one transaction: one row per purchase, in order, each the
-- outcome it would have had alone (market_buy_one's, not_found for a listing that does not exist,
-- key_race). The arrays hold one entry per purchase.
CREATE OR REPLACE FUNCTION market_buy_batch(
  p_listing_id bigint, p_fee_bp integer, p_endpoint text, p_answer_status integer,
  p_buyer_ids bigint[], p_quantities bigint[], p_active_since timestamptz[],
  p_idempotency_keys text[], p_request_hashes text[], p_answers jsonb[])
RETURNS TABLE (outcome text, units_left bigint, answer_status integer, answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_listing market_listings;
  v_parties bigint[];
  v_constraint text;
  v_token tokens;
  -- The purchases bought, in order, for their receipts (step 4): each answer holds its trade's
  -- figures, and the units the listing had left after it.
  v_buyers bigint[] := '{}';
  v_answers jsonb[] := '{}';
  v_left bigint[] := '{}';
  v_trades jsonb[];
BEGIN
  -- 0. The token's offer lock (a listing's token never changes).
  SELECT * INTO v_listing FROM market_listings l WHERE l.id = p_listing_id;
  IF FOUND THEN
    PERFORM lock_offer_for_purchase(v_listing.token_id);
  END IF;
  -- 1. The listing.
  SELECT * INTO v_listing FROM market_listings l WHERE l.id = p_listing_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found', NULL::bigint, NULL::integer, NULL::jsonb
      FROM generate_series(1, coalesce(array_length(p_buyer_ids, 1), 0));
    RETURN;
  END IF;
  -- 2. Every party's queued remunerations, then every party's wallet.
  v_parties := p_buyer_ids || v_listing.seller_id;
  PERFORM offer_job_lock_holders(v_listing.token_id, v_parties);
  PERFORM lock_wallets(v_parties);
  -- 3. The purchases.
  FOR i IN 1 .. coalesce(array_length(p_buyer_ids, 1), 0) LOOP
    BEGIN
      SELECT b.outcome, b.units_left, b.answer_status, b.answer
      INTO outcome, units_left, answer_status, answer
      FROM market_buy_one(p_buyer_ids[i], p_listing_id, p_quantities[i], p_fee_bp,
        p_active_since[i], p_idempotency_keys[i], p_endpoint, p_request_hashes[i],
        p_answer_status, p_answers[i]) AS b;
    EXCEPTION WHEN unique_violation THEN
      GET STACKED DIAGNOSTICS v_constraint = CONSTRAINT_NAME;
      IF v_constraint IS DISTINCT FROM 'idempotent_requests_user_id_key_pk' THEN RAISE; END IF;
      outcome := 'key_race';
      units_left := NULL;
      answer_status := NULL;
      answer := NULL;
    END;
    IF outcome = 'bought' THEN
      v_buyers := v_buyers || p_buyer_ids[i];
      v_answers := v_answers || answer;
      v_listing.quantity_left := v_listing.quantity_left - (answer->>'quantity')::bigint;
      v_left := v_left || v_listing.quantity_left;
    END IF;
    RETURN NEXT;
  END LOOP;
  IF cardinality(v_buyers) = 0 THEN
    RETURN;
  END IF;
  -- 4. The receipts: one transfer of every trade's units, then each party's notification.
  PERFORM chain_record(v_listing.token_id, 'transfer', NULL, ARRAY(
    SELECT 'market:' || (a->>'id') || line
    FROM unnest(v_answers) AS a, unnest(ARRAY[':purchase', ':sale']) AS line));
  SELECT * INTO v_token FROM tokens t WHERE t.id = v_listing.token_id;
  -- What both receipts of a trade say; the buyer's adds the fee, the seller's the units left.
  v_trades := ARRAY(
    SELECT jsonb_build_object('token_id', v_token.id, 'token_name', v_token.name,
      'token_symbol', v_token.symbol, 'trade_id', a->'id', 'listing_id', p_listing_id,
      'quantity', a->'quantity', 'unit_price_cents', a->'unit_price_cents',
      'amount_cents', a->'amount_cents')
    FROM unnest(v_answers) WITH ORDINALITY AS r(a, n) ORDER BY r.n);
  PERFORM notifications_record_under_wallets(v_buyers, 'market_purchase', ARRAY(
    SELECT r.trade || jsonb_build_object('fee_cents', r.a->'fee_cents')
    FROM unnest(v_trades, v_answers) WITH ORDINALITY AS r(trade, a, n) ORDER BY r.n));
  PERFORM notifications_record_under_wallets(
    array_fill(v_listing.seller_id, ARRAY[cardinality(v_buyers)]), 'market_sale', ARRAY(
    SELECT r.trade || jsonb_build_object('quantity_left', r.left_after)
    FROM unnest(v_trades, v_left) WITH ORDINALITY AS r(trade, left_after, n) ORDER BY r.n));
END
$$;
