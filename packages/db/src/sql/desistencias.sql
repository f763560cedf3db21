-- Desistências: an investor undoes a whole purchase within its window, while its offer is still
-- funding (CVM Resolução 88; docs/product.md §15).
--
-- What happens, in order (undo_purchase):
--   1. The purchase is read: a ledger transfer of kind purchase made by this investor (else
--      not_found; its id is the purchase's id).
--   2. The offer's purchase lock, shared (locks.sql step 3), as purchases take it. The closing job
--      takes it exclusively, so a desistência and the offer's closing never overlap: either the
--      closing finds the purchase undone (and refunds nothing for it), or the desistência finds
--      the offer closed (and is refused).
--   3. The buyer's wallet (step 5): one investor's desistências and purchases one at a time.
--   4. A purchase already undone answers replay and moves nothing (retries are harmless).
--   5. Refusals: the offer no longer funding → offer_closed; p_now past the window (p_window from
--      the purchase's time; none at all when it is zero) → window_over, with when it ended.
--   6. The units leave the holding, and the price leaves the year's total (step 6).
--   7. The price moves from the offer's escrow back to the wallet: ledger_transfer of kind
--      desistencia, keyed by the purchase (desistencia_key), its reference the purchase's id.
--   8. Last, the hot token row (step 9): units back on sale, amount raised and buyers down, a
--      sold-out offer funding again; the burn goes to the chain outbox (chain_record).
--   9. The investor's receipt: the desistencia notification and its mail
--      (notification_record_under_wallet, notifications.sql).
-- One transaction. SQL answers outcomes; the API turns them into statuses and messages
-- (apps/api/src/modules/purchases/purchases.service.ts).

-- The ledger key of a purchase's desistência: one per purchase, ever. text || text, so the planner
-- inlines it into the queries that look the key up (text || bigint is only stable, and a stable
-- body keeps an immutable function from being inlined: a call per row; docs/PERFORMANCE.md).
CREATE OR REPLACE FUNCTION desistencia_key(p_purchase_id bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'desistencia:' || p_purchase_id::text
$$;

CREATE OR REPLACE FUNCTION undo_purchase(
  p_user_id bigint, p_purchase_id bigint, p_now timestamptz, p_window interval)
RETURNS TABLE (outcome text, until timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_purchase ledger_transfers;
  v_token tokens;
  v_holding bigint;
BEGIN
  -- 1. The purchase.
  SELECT * INTO v_purchase FROM ledger_transfers p
  WHERE p.id = p_purchase_id AND p.kind = 'purchase' AND p.user_id = p_user_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found', NULL::timestamptz;
    RETURN;
  END IF;
  -- 2, 3. The offer, shared; the wallet.
  PERFORM lock_offer_for_purchase(v_purchase.token_id);
  PERFORM lock_wallets(ARRAY[p_user_id]);
  -- 4. Already undone.
  PERFORM 1 FROM ledger_transfers d WHERE d.idempotency_key = desistencia_key(p_purchase_id);
  IF FOUND THEN
    RETURN QUERY SELECT 'replay', NULL::timestamptz;
    RETURN;
  END IF;
  -- 5. Refusals.
  SELECT * INTO v_token FROM tokens t WHERE t.id = v_purchase.token_id;
  IF v_token.offer_status NOT IN ('funding', 'all_sold') THEN
    RETURN QUERY SELECT 'offer_closed', NULL::timestamptz;
    RETURN;
  END IF;
  IF p_window <= interval '0' OR p_now >= v_purchase.created_at + p_window THEN
    RETURN QUERY SELECT 'window_over', v_purchase.created_at + p_window;
    RETURN;
  END IF;
  -- 6. The holding and its worth (the purchase's amount: its units at the unit price), and the
  -- year's total.
  UPDATE token_holdings h SET quantity = h.quantity - v_purchase.quantity, updated_at = now()
  WHERE h.user_id = p_user_id AND h.token_id = v_purchase.token_id
  RETURNING h.quantity INTO v_holding;
  PERFORM holding_value_add(p_user_id, -v_purchase.amount_cents, -(v_holding = 0)::integer);
  PERFORM count_annual_investment(p_user_id, v_purchase.created_at, -v_purchase.amount_cents);
  -- 7. The money.
  PERFORM ledger_transfer(
    desistencia_key(p_purchase_id), 'desistencia',
    'escrow:' || v_purchase.token_id, 'offer_escrow', NULL, v_purchase.token_id,
    'wallet:' || p_user_id, 'wallet', p_user_id, NULL,
    v_purchase.amount_cents, p_user_id, v_purchase.token_id, v_purchase.quantity,
    p_purchase_id::text);
  -- 8. The units, back on sale; the burn.
  UPDATE tokens t
  SET units_sold = t.units_sold - v_purchase.quantity,
    amount_capitated_cents = t.amount_capitated_cents - v_purchase.amount_cents,
    buyers = t.buyers - CASE WHEN v_holding = 0 THEN 1 ELSE 0 END,
    offer_status = CASE WHEN t.offer_status = 'all_sold' THEN 'funding' ELSE t.offer_status END
  WHERE t.id = v_purchase.token_id;
  PERFORM chain_record(v_purchase.token_id, 'burn', NULL, ARRAY[desistencia_key(p_purchase_id)]);
  -- 9. The receipt.
  PERFORM notification_record_under_wallet(p_user_id, 'desistencia', jsonb_build_object(
    'token_id', v_purchase.token_id, 'token_name', v_token.name, 'token_symbol', v_token.symbol,
    'purchase_id', p_purchase_id, 'quantity', v_purchase.quantity,
    'amount_cents', v_purchase.amount_cents));
  RETURN QUERY SELECT 'undone', NULL::timestamptz;
END
$$;
