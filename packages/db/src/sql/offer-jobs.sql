-- The offer jobs' work per holder: an offer's closing and an installment's payout, in bounded
-- transactions (docs/ARCHITECTURE.md, "Jobs"; apps/api/src/modules/jobs).
--
-- A job is decided in one short transaction under the offer's exclusive lock (locks.sql step 3:
-- lock_offer_for_closing, lock_offer_for_payout), which also writes what each holder is owed into
-- offer_job_queue (offer_job_enqueue_closing, offer_job_enqueue_installment). The closing changes
-- the offer's status in that transaction, so from then on no purchase or desistência of it is
-- accepted and no holding of it changes until its queue is served; the payout's queue holds the
-- units each holder had when it was claimed, so board purchases may go on meanwhile. The queue is
-- then served in batches (offer_job_serve), each its own transaction, each row deleted in the
-- transaction that serves it: a crash loses the batch in flight, which the next run serves again,
-- and every transfer's key is once-only besides.
--
-- Kinds:
--   refund           a failed offer: the units leave the buyer's holding, the purchases leave the
--                    years' totals, what was paid comes back from the escrow
--                    (refund:<token>:<user>), offer_failed; the batch's refunds are one burn.
--   offer_succeeded  an offer that succeeded: the holder's notice of what the units will pay.
--   remuneration     an installment: units × the per-unit amount from the issuer's funding account
--                    (remuneration:<token>:<n>:<user>), installment_paid; one remunerate job per
--                    batch. A board purchase between the claim and a party's batch first pays that
--                    party's queued remuneration itself (offer_job_serve_holders, from market_buy_one),
--                    so each ledger shows the payment before the trades made after the claim.
--
-- Locks, in locks.sql's order: the batch's queue rows (step 4; FOR UPDATE SKIP LOCKED, so the
-- batches of several processes never wait on each other), the holders' wallets (5), holdings and
-- years' totals (6), the issuer's funding account (7), the escrow (8), the token row (9, the chain
-- outbox's counter).

-- Writes a closing's queue: every holder of the token's units. A failed offer's buyers are owed
-- what they paid (their purchases less desistências); a succeeded one's holders are told what the
-- units will pay in all (p_total_per_unit_cents each). Called under lock_offer_for_closing, in the
-- transaction that changes the offer's status. Returns how many holders were queued.
CREATE OR REPLACE FUNCTION offer_job_enqueue_closing(
  p_token_id bigint, p_kind text, p_total_per_unit_cents bigint)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  IF p_kind = 'refund' THEN
    INSERT INTO offer_job_queue (token_id, kind, installment, user_id, quantity, amount_cents)
    SELECT h.token_id, 'refund', 0, h.user_id, h.quantity, coalesce(paid.cents, 0)
    FROM token_holdings h
    CROSS JOIN LATERAL (
      SELECT sum(CASE WHEN t.kind = 'purchase' THEN t.amount_cents ELSE -t.amount_cents END) AS cents
      FROM ledger_transfers t
      WHERE t.user_id = h.user_id AND t.kind IN ('purchase', 'desistencia')
        AND t.token_id = p_token_id
    ) AS paid
    WHERE h.token_id = p_token_id AND h.quantity > 0;
  ELSIF p_kind = 'offer_succeeded' THEN
    INSERT INTO offer_job_queue (token_id, kind, installment, user_id, quantity, amount_cents)
    SELECT h.token_id, 'offer_succeeded', 0, h.user_id, h.quantity,
      h.quantity * p_total_per_unit_cents
    FROM token_holdings h
    WHERE h.token_id = p_token_id AND h.quantity > 0;
  ELSE
    RAISE EXCEPTION 'offer_job_enqueue_closing: unknown kind %', p_kind;
  END IF;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END
$$;

-- Claims an installment and writes its queue: each holder is owed their units × p_per_unit_cents.
-- Called under lock_offer_for_payout, so no board purchase of the token is in flight while the
-- holdings are read. claimed is false when the installment was already claimed (another process,
-- an earlier run): nothing is written. holders counts every holder, total_cents what they are owed.
CREATE OR REPLACE FUNCTION offer_job_enqueue_installment(
  p_token_id bigint, p_installment integer, p_due_date date, p_per_unit_cents bigint,
  p_paid_at timestamptz)
RETURNS TABLE (claimed boolean, holders integer, total_cents bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_holders integer;
  v_total bigint;
BEGIN
  INSERT INTO installment_payments (token_id, installment_number, due_date, total_cents, holders,
    paid_at)
  VALUES (p_token_id, p_installment, p_due_date, 0, 0, p_paid_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, NULL::integer, NULL::bigint;
    RETURN;
  END IF;
  INSERT INTO offer_job_queue (token_id, kind, installment, user_id, quantity, amount_cents)
  SELECT h.token_id, 'remuneration', p_installment, h.user_id, h.quantity,
    h.quantity * p_per_unit_cents
  FROM token_holdings h
  WHERE h.token_id = p_token_id AND h.quantity > 0;
  SELECT count(*)::integer, coalesce(sum(q.amount_cents), 0) INTO v_holders, v_total
  FROM offer_job_queue q
  WHERE q.token_id = p_token_id AND q.kind = 'remuneration' AND q.installment = p_installment;
  UPDATE installment_payments SET total_cents = v_total, holders = v_holders
  WHERE token_id = p_token_id AND installment_number = p_installment;
  RETURN QUERY SELECT true, v_holders, v_total;
END
$$;

-- Serves these queue rows (locked by the caller) in user order: the money, the holding and the
-- notification of each, and deletes them. Returns the keys of the transfers it made, for the
-- caller's chain job (chain_record takes the token's row, step 9: a caller with more to move
-- records it after that).
CREATE OR REPLACE FUNCTION offer_job_serve_rows(
  p_token_id bigint, p_kind text, p_installment integer, p_user_ids bigint[])
RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  v_token tokens;
  v_row offer_job_queue;
  v_key text;
  v_keys text[] := '{}';
  -- The holders' notices, recorded together after the loop (notifications_record_under_wallets).
  v_notified bigint[] := '{}';
  v_notices jsonb[] := '{}';
BEGIN
  IF coalesce(cardinality(p_user_ids), 0) = 0 THEN
    RETURN v_keys;
  END IF;
  SELECT * INTO v_token FROM tokens t WHERE t.id = p_token_id;
  -- Every kind: a notice is recorded under its holder's wallet too (notifications.sql).
  PERFORM lock_wallets(p_user_ids);
  IF p_kind = 'refund' THEN
    PERFORM holding_value_add(h.user_id, -h.quantity * v_token.unit_price_cents, -1)
    FROM token_holdings h
    WHERE h.token_id = p_token_id AND h.user_id = ANY (p_user_ids) AND h.quantity > 0;
    UPDATE token_holdings h SET quantity = 0, updated_at = now()
    WHERE h.token_id = p_token_id AND h.user_id = ANY (p_user_ids) AND h.quantity > 0;
    PERFORM uncount_refunded_purchases(p_token_id, p_user_ids);
  END IF;
  FOR v_row IN
    SELECT * FROM offer_job_queue q
    WHERE q.token_id = p_token_id AND q.kind = p_kind AND q.installment = p_installment
      AND q.user_id = ANY (p_user_ids)
    ORDER BY q.user_id
  LOOP
    IF p_kind = 'offer_succeeded' THEN
      v_notified := v_notified || v_row.user_id;
      v_notices := v_notices || jsonb_build_object(
        'token_id', p_token_id, 'token_name', v_token.name, 'token_symbol', v_token.symbol,
        'quantity', v_row.quantity, 'total_to_receive_cents', v_row.amount_cents,
        'installments', v_token.installments,
        'first_installment_date', v_token.first_date_installment);
      CONTINUE;
    END IF;
    IF v_row.amount_cents <= 0 THEN
      CONTINUE;
    END IF;
    IF p_kind = 'refund' THEN
      v_key := 'refund:' || p_token_id || ':' || v_row.user_id;
      IF ledger_transfer(
        v_key, 'refund',
        'escrow:' || p_token_id, 'offer_escrow', NULL, p_token_id,
        'wallet:' || v_row.user_id, 'wallet', v_row.user_id, NULL,
        v_row.amount_cents, v_row.user_id, p_token_id, v_row.quantity, v_token.symbol) IS NULL
      THEN
        CONTINUE;
      END IF;
      v_notices := v_notices || jsonb_build_object(
        'token_id', p_token_id, 'token_name', v_token.name, 'token_symbol', v_token.symbol,
        'quantity', v_row.quantity, 'refunded_cents', v_row.amount_cents);
    ELSE
      v_key := 'remuneration:' || p_token_id || ':' || p_installment || ':' || v_row.user_id;
      IF ledger_transfer(
        v_key, 'remuneration',
        'issuer_funding:' || p_token_id, 'issuer_funding', NULL, p_token_id,
        'wallet:' || v_row.user_id, 'wallet', v_row.user_id, NULL,
        v_row.amount_cents, v_row.user_id, p_token_id, v_row.quantity, p_installment::text) IS NULL
      THEN
        CONTINUE;
      END IF;
      v_notices := v_notices || jsonb_build_object(
        'token_id', p_token_id, 'token_name', v_token.name, 'token_symbol', v_token.symbol,
        'installment', p_installment, 'installments', v_token.installments,
        'quantity', v_row.quantity, 'amount_cents', v_row.amount_cents);
    END IF;
    v_notified := v_notified || v_row.user_id;
    v_keys := v_keys || v_key;
  END LOOP;
  IF cardinality(v_notified) > 0 THEN
    PERFORM notifications_record_under_wallets(v_notified, CASE p_kind
      WHEN 'refund' THEN 'offer_failed' WHEN 'remuneration' THEN 'installment_paid'
      ELSE 'offer_succeeded' END, v_notices);
  END IF;
  DELETE FROM offer_job_queue q
  WHERE q.token_id = p_token_id AND q.kind = p_kind AND q.installment = p_installment
    AND q.user_id = ANY (p_user_ids);
  RETURN v_keys;
END
$$;

-- One batch of a job's queue: up to p_limit holders no other process is serving, in user order,
-- with its chain job (a refund's burn, an installment's remunerate). Returns how many it served:
-- 0 when nothing is left for this process to take.
CREATE OR REPLACE FUNCTION offer_job_serve(
  p_token_id bigint, p_kind text, p_installment integer, p_limit integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_users bigint[];
  v_keys text[];
BEGIN
  SELECT array_agg(q.user_id ORDER BY q.user_id) INTO v_users
  FROM (
    SELECT q.user_id FROM offer_job_queue q
    WHERE q.token_id = p_token_id AND q.kind = p_kind AND q.installment = p_installment
    ORDER BY q.user_id
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED
  ) AS q;
  IF v_users IS NULL THEN
    RETURN 0;
  END IF;
  v_keys := offer_job_serve_rows(p_token_id, p_kind, p_installment, v_users);
  IF p_kind = 'refund' THEN
    PERFORM chain_record(p_token_id, 'burn', NULL, v_keys);
  ELSIF p_kind = 'remuneration' THEN
    PERFORM chain_record(p_token_id, 'remunerate', p_installment, v_keys);
  END IF;
  RETURN cardinality(v_users);
END
$$;

-- A board purchase's parties (market_buy_batch, market.sql): their remunerations of the token still
-- queued. offer_job_lock_holders takes the rows (step 4, after the listing's; no batch takes a
-- listing), waiting for a batch serving one of them to finish, after which it is gone.
-- offer_job_serve_holders then pays them (the wallets already held), installments in order, and
-- answers what the chain must record: [{installment, keys}], for the caller's chain step.
CREATE OR REPLACE FUNCTION offer_job_lock_holders(p_token_id bigint, p_user_ids bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM offer_job_queue q
  WHERE q.token_id = p_token_id AND q.kind = 'remuneration' AND q.user_id = ANY (p_user_ids)
  ORDER BY q.installment, q.user_id
  FOR UPDATE;
END
$$;

CREATE OR REPLACE FUNCTION offer_job_serve_holders(p_token_id bigint, p_user_ids bigint[])
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_installment integer;
  v_users bigint[];
  v_keys text[];
  v_served jsonb := '[]';
BEGIN
  FOR v_installment, v_users IN
    SELECT q.installment, array_agg(q.user_id ORDER BY q.user_id) FROM offer_job_queue q
    WHERE q.token_id = p_token_id AND q.kind = 'remuneration' AND q.user_id = ANY (p_user_ids)
    GROUP BY q.installment
    ORDER BY q.installment
  LOOP
    v_keys := offer_job_serve_rows(p_token_id, 'remuneration', v_installment, v_users);
    v_served := v_served || jsonb_build_array(
      jsonb_build_object('installment', v_installment, 'keys', to_jsonb(v_keys)));
  END LOOP;
  RETURN v_served;
END
$$;
