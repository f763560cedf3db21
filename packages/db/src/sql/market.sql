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
-- market_buy (a purchase from a listing), in order:
--   0. The token's offer lock, shared (step 3), as offer purchases take it: the installment payout
--      takes it exclusively (lock_offer_for_payout), so a payout never reads the holdings while a
--      purchase of the token is in flight.
--   1. The listing's row, FOR UPDATE (step 4): purchases of one listing and its cancellation go
--      one at a time, so a listing is never oversold and a purchase and a cancel never both take
--      the same units.
--   2. A retried Idempotency-Key gets its first answer back, moving nothing (read under the
--      listing's lock, so a concurrent retry of the same purchase waits and then finds it).
--   3. Refusals that need no write: one's own listing; a buyer who is not an active investor (an
--      offer purchase on Copaíba, not undone, since p_active_since); a listing cancelled or sold
--      out; more units than are left (with units_left). Then both parties' remunerations of the
--      token still queued by an installment's payout (offer_job_lock_holders, offer-jobs.sql:
--      step 4 too, waiting for a batch that is serving them).
--   4. Both wallets, in user-id order (lock_wallets, step 5); the buyer's balance must cover the
--      price and the fee (insufficient), read under that lock.
--   5. The trade and the answer stored under the Idempotency-Key.
--   6. The holdings (step 6): the units leave the seller's holding and its reservation, and join
--      the buyer's.
--   7. The money (ledger_transfer, step 7 for the token's market_clearing and fee accounts). First
--      the parties' queued remunerations (offer_job_serve_holders), so each ledger shows an
--      installment claimed before the trade ahead of it; then the
--      price from the buyer's wallet to the clearing account (market_purchase, the buyer's line),
--      from there to the seller's wallet (market_sale, the seller's line), and the fee, when
--      there is one, from the buyer's wallet to the token's market_fees account (market_fee).
--   8. The listing: units left down, sold out at zero.
--   9. Last, the token's row (step 9, chain_record): the remunerations paid in step 7, then the
--      transfer between the two custodied wallets, go to the chain outbox, numbered in commit
--      order.
--  10. Both receipts: market_purchase to the buyer, market_sale to the seller (notifications.sql).
-- One transaction, one round trip. SQL answers outcomes; the API turns them into statuses and
-- messages (apps/api/src/modules/market/market.service.ts).
--
-- Installments: the payout's claim waits for the board purchases of the token in flight (step 0)
-- and queues what each holder is owed for the units they hold then; purchases that come later
-- wait for the claim, not for the payment (offer-jobs.sql). Every unit is paid once, to whoever
-- held it when the installment was claimed, and each party's ledger shows that payment before any
-- trade after the claim (step 7).

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
-- (docs/product.md §18: only active investors buy on the board).
CREATE OR REPLACE FUNCTION market_active_investor(p_user_id bigint, p_since timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM ledger_transfers p
    WHERE p.user_id = p_user_id AND p.kind = 'purchase' AND p.created_at >= p_since
      AND NOT EXISTS (SELECT 1 FROM ledger_transfers d
        WHERE d.idempotency_key = desistencia_key(p.id))
  )
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

-- Outcomes: bought and replay (answer_status, answer), key_reused, not_found, own_listing,
-- not_active_investor, listing_cancelled, listing_sold_out, not_enough_units (units_left),
-- insufficient. p_answer is
-- the API's answer to store under the Idempotency-Key; the database adds the trade's figures
-- (ids, units, centavos) to it. p_fee_bp is MARKET_FEE_PERCENT in hundredths of a percent.
CREATE OR REPLACE FUNCTION market_buy(
  p_buyer_id bigint, p_listing_id bigint, p_quantity bigint, p_fee_bp integer,
  p_active_since timestamptz, p_idempotency_key text, p_endpoint text, p_request_hash text,
  p_answer_status integer, p_answer jsonb)
RETURNS TABLE (outcome text, units_left bigint, answer_status integer, answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_listing market_listings;
  v_stored idempotent_requests;
  v_token tokens;
  v_amount bigint;
  v_fee bigint;
  v_balance bigint;
  v_trade bigint;
  v_answer jsonb;
  v_key text;
  v_served jsonb;
BEGIN
  -- 0. The token's offer lock (a listing's token never changes).
  SELECT * INTO v_listing FROM market_listings l WHERE l.id = p_listing_id;
  IF FOUND THEN
    PERFORM lock_offer_for_purchase(v_listing.token_id);
  END IF;
  -- 1. The listing.
  SELECT * INTO v_listing FROM market_listings l WHERE l.id = p_listing_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found', NULL::bigint, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  -- 2. A retry gets its first answer.
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
  -- 3. Refusals that need no write.
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
  PERFORM offer_job_lock_holders(v_listing.token_id, ARRAY[p_buyer_id, v_listing.seller_id]);
  -- 4. The wallets; the buyer's balance.
  PERFORM lock_wallets(ARRAY[p_buyer_id, v_listing.seller_id]);
  v_amount := p_quantity * v_listing.unit_price_cents;
  v_fee := market_fee_cents(v_amount, p_fee_bp);
  SELECT a.balance_cents INTO v_balance FROM ledger_accounts a WHERE a.code = 'wallet:' || p_buyer_id;
  IF coalesce(v_balance, 0) < v_amount + v_fee THEN
    RETURN QUERY SELECT 'insufficient', NULL::bigint, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  -- 5. The trade and its answer (a concurrent request with the same key fails on the key).
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
  -- 6. The units.
  UPDATE token_holdings h
  SET quantity = h.quantity - p_quantity, reserved = h.reserved - p_quantity, updated_at = now()
  WHERE h.user_id = v_listing.seller_id AND h.token_id = v_listing.token_id;
  INSERT INTO token_holdings AS h (user_id, token_id, quantity)
  VALUES (p_buyer_id, v_listing.token_id, p_quantity)
  ON CONFLICT (user_id, token_id)
  DO UPDATE SET quantity = h.quantity + excluded.quantity, updated_at = now();
  -- 7. The money: the parties' remunerations still queued, then each party's line as its own
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
  -- 8. The listing.
  UPDATE market_listings l
  SET quantity_left = l.quantity_left - p_quantity,
    status = CASE WHEN l.quantity_left = p_quantity THEN 'sold_out' ELSE 'open' END,
    closed_at = CASE WHEN l.quantity_left = p_quantity THEN now() END
  WHERE l.id = p_listing_id;
  -- 9. The chain: the remunerations paid, then the seller's units to the buyer's wallet.
  PERFORM chain_record(v_listing.token_id, 'remunerate', s.installment, s.keys)
  FROM jsonb_to_recordset(v_served) AS s(installment integer, keys text[]);
  PERFORM chain_record(v_listing.token_id, 'transfer', NULL,
    ARRAY[v_key || ':purchase', v_key || ':sale']);
  -- 10. The receipts.
  SELECT * INTO v_token FROM tokens t WHERE t.id = v_listing.token_id;
  PERFORM notification_record_under_wallet(p_buyer_id, 'market_purchase', jsonb_build_object(
    'token_id', v_token.id, 'token_name', v_token.name, 'token_symbol', v_token.symbol,
    'trade_id', v_trade, 'listing_id', p_listing_id, 'quantity', p_quantity,
    'unit_price_cents', v_listing.unit_price_cents, 'amount_cents', v_amount,
    'fee_cents', v_fee));
  PERFORM notification_record_under_wallet(v_listing.seller_id, 'market_sale', jsonb_build_object(
    'token_id', v_token.id, 'token_name', v_token.name, 'token_symbol', v_token.symbol,
    'trade_id', v_trade, 'listing_id', p_listing_id, 'quantity', p_quantity,
    'unit_price_cents', v_listing.unit_price_cents, 'amount_cents', v_amount,
    'quantity_left', v_listing.quantity_left - p_quantity));
  RETURN QUERY SELECT 'bought', NULL::bigint, p_answer_status, v_answer;
END
$$;
