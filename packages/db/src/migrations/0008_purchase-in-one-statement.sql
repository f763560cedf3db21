ALTER TABLE "tokens" ADD COLUMN "chain_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tokens" SET "chain_seq" = coalesce((SELECT max("seq") FROM "chain_jobs" WHERE "chain_jobs"."token_id" = "tokens"."id"), 0);
--> statement-breakpoint
-- Checked at commit, when a purchase already holds the offer's escrow and token rows: checked at
-- the insert, each concurrent purchase's key-share lock turned those hot rows' locks into
-- multixacts for every buyer.
ALTER TABLE "ledger_transfers" ALTER CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "ledger_transfers" ALTER CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "ledger_transfers" ALTER CONSTRAINT "ledger_transfers_token_id_tokens_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "token_holdings" ALTER CONSTRAINT "token_holdings_token_id_tokens_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- The ledger account with this code, created on first use.
CREATE FUNCTION ledger_account(p_code text, p_kind text, p_user_id bigint, p_token_id bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts WHERE code = p_code;
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (code, kind, user_id, token_id)
    VALUES (p_code, p_kind, p_user_id, p_token_id)
    ON CONFLICT (code) DO NOTHING
    RETURNING id INTO v_id;
    IF v_id IS NULL THEN
      SELECT id INTO v_id FROM ledger_accounts WHERE code = p_code;
    END IF;
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- The one way money moves: a transfer between two accounts (created on first use) and both
-- balances, in the caller's transaction. Null when a transfer with this key already exists (nothing
-- moved). Balance rows are updated in one order, offer escrows last and otherwise lower id first,
-- so two transfers never deadlock on them and a purchase locks its offer's escrow (a hot row) only
-- after its wallet's debit; an overdraft of a wallet or escrow fails ledger_accounts_no_overdraft
-- (23514) and rolls back.
CREATE FUNCTION ledger_transfer(
  p_key text, p_kind text,
  p_from_code text, p_from_kind text, p_from_user_id bigint, p_from_token_id bigint,
  p_to_code text, p_to_kind text, p_to_user_id bigint, p_to_token_id bigint,
  p_amount_cents bigint, p_user_id bigint, p_token_id bigint, p_quantity bigint, p_reference text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_debit bigint := ledger_account(p_from_code, p_from_kind, p_from_user_id, p_from_token_id);
  v_credit bigint := ledger_account(p_to_code, p_to_kind, p_to_user_id, p_to_token_id);
  v_id bigint;
BEGIN
  IF p_amount_cents IS NULL OR p_amount_cents <= 0 THEN
    RAISE EXCEPTION 'transfer amount must be positive';
  END IF;
  INSERT INTO ledger_transfers
    (idempotency_key, kind, debit_account_id, credit_account_id, amount_cents, user_id, token_id,
     quantity, reference)
  VALUES
    (p_key, p_kind, v_debit, v_credit, p_amount_cents, p_user_id, p_token_id, p_quantity,
     p_reference)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RETURN NULL;
  END IF;
  IF (p_from_kind = 'offer_escrow', v_debit) < (p_to_kind = 'offer_escrow', v_credit) THEN
    UPDATE ledger_accounts SET balance_cents = balance_cents - p_amount_cents WHERE id = v_debit;
    UPDATE ledger_accounts SET balance_cents = balance_cents + p_amount_cents WHERE id = v_credit;
  ELSE
    UPDATE ledger_accounts SET balance_cents = balance_cents + p_amount_cents WHERE id = v_credit;
    UPDATE ledger_accounts SET balance_cents = balance_cents - p_amount_cents WHERE id = v_debit;
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- Appends a job to a token's outbox once the caller has moved tokens.chain_seq to p_seq under the
-- token row's lock (so seq follows commit order), linked to the ledger transfers it mirrors. A
-- token with no job yet gets its contract's deploy first: that is when its counter went 0 -> 2.
CREATE FUNCTION chain_jobs_append(
  p_token_id bigint, p_seq integer, p_kind text, p_installment integer, p_transfer_ids bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_job bigint;
BEGIN
  IF p_seq = 2 AND NOT EXISTS (SELECT 1 FROM chain_jobs WHERE token_id = p_token_id AND seq = 1) THEN
    INSERT INTO chain_jobs (token_id, seq, kind) VALUES (p_token_id, 1, 'deploy');
  END IF;
  INSERT INTO chain_jobs (token_id, seq, kind, installment)
  VALUES (p_token_id, p_seq, p_kind, p_installment)
  RETURNING id INTO v_job;
  INSERT INTO chain_job_transfers (transfer_id, job_id)
  SELECT u.transfer_id, v_job FROM unnest(p_transfer_ids) AS u(transfer_id);
END
$$;
--> statement-breakpoint
-- Writes an on-chain operation to the outbox in the caller's transaction: a token's deploy (once),
-- or a job recording the ledger transfers with these keys (none: nothing to record).
CREATE FUNCTION chain_record(
  p_token_id bigint, p_kind text, p_installment integer, p_transfer_keys text[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_keys text[] := coalesce(p_transfer_keys, '{}');
  v_ids bigint[];
  v_seq integer;
BEGIN
  IF p_kind <> 'deploy' AND cardinality(v_keys) = 0 THEN
    RETURN;
  END IF;
  SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO v_ids
  FROM ledger_transfers
  WHERE idempotency_key = ANY (v_keys) AND token_id = p_token_id;
  IF cardinality(v_ids) <> cardinality(v_keys) THEN
    RAISE EXCEPTION 'chain job for token %: % transfers not found', p_token_id,
      cardinality(v_keys) - cardinality(v_ids);
  END IF;
  -- NO KEY UPDATE, the lock an UPDATE of the row takes: foreign-key checks are not waited on.
  SELECT chain_seq INTO v_seq FROM tokens WHERE id = p_token_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'chain job for token %: no such token', p_token_id;
  END IF;
  IF p_kind = 'deploy' THEN
    IF v_seq = 0 THEN
      UPDATE tokens SET chain_seq = 1 WHERE id = p_token_id;
      INSERT INTO chain_jobs (token_id, seq, kind) VALUES (p_token_id, 1, 'deploy');
    END IF;
    RETURN;
  END IF;
  v_seq := v_seq + CASE WHEN v_seq = 0 THEN 2 ELSE 1 END;
  UPDATE tokens SET chain_seq = v_seq WHERE id = p_token_id;
  PERFORM chain_jobs_append(p_token_id, v_seq, p_kind, p_installment, v_ids);
END
$$;
--> statement-breakpoint
-- A purchase of units of a funding offer with the wallet's balance, in one statement: replays the
-- first answer to a retried Idempotency-Key, refuses what can be refused before writing anything,
-- then moves the money (ledger_transfer), adds the holding, and last sells the units on the hot
-- token row (taking the chain job's seq in the same update) and writes the mint to the outbox.
-- Units gone meanwhile raise CP001 with the units left as DETAIL, an offer closed meanwhile CP002;
-- an overdraft raises 23514.
CREATE FUNCTION buy_tokens(
  p_user_id bigint, p_token_id bigint, p_quantity bigint, p_today date, p_transfer_key text,
  p_message text, p_idempotency_key text, p_endpoint text, p_request_hash text)
RETURNS TABLE (outcome text, status integer, body jsonb, units_left bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_hash text;
  v_status integer;
  v_body jsonb;
  v_token_status text;
  v_offer text;
  v_deadline date;
  v_price bigint;
  v_left bigint;
  v_amount bigint;
  v_new_buyer boolean;
  v_transfer bigint;
  v_seq integer;
BEGIN
  IF p_idempotency_key IS NOT NULL THEN
    SELECT r.request_hash, r.status, r.body INTO v_hash, v_status, v_body
    FROM idempotent_requests r
    WHERE r.user_id = p_user_id AND r.key = p_idempotency_key;
    IF FOUND THEN
      IF v_hash <> p_request_hash THEN
        RETURN QUERY SELECT 'key_reused', 422, NULL::jsonb, NULL::bigint;
      ELSE
        RETURN QUERY SELECT 'replay', v_status, v_body, NULL::bigint;
      END IF;
      RETURN;
    END IF;
  END IF;
  SELECT t.status, t.offer_status, t.deadline_for_funding, t.unit_price_cents,
    least(t.quantity, t.maximum_amount_raised_cents / t.unit_price_cents) - t.units_sold
  INTO v_token_status, v_offer, v_deadline, v_price, v_left
  FROM tokens t WHERE t.id = p_token_id;
  IF NOT FOUND OR v_token_status <> 'issued' THEN
    RETURN QUERY SELECT 'not_found', 404, NULL::jsonb, NULL::bigint;
    RETURN;
  END IF;
  -- Past its deadline an offer sells nothing more, even before the closing job has run.
  IF v_offer <> 'funding' OR v_deadline < p_today THEN
    RETURN QUERY SELECT 'not_funding', 400, NULL::jsonb, NULL::bigint;
    RETURN;
  END IF;
  IF p_quantity > v_left THEN
    RETURN QUERY SELECT 'sold_out', 400, NULL::jsonb, greatest(v_left, 0);
    RETURN;
  END IF;
  -- Shared with every other purchase of this offer; the closing job takes it exclusively first
  -- (lock_offer_for_closing), so it never waits on a purchase's rows while holding the escrow.
  PERFORM pg_advisory_xact_lock_shared(8, p_token_id::integer);
  v_amount := p_quantity * v_price;
  v_body := jsonb_build_object(
    'message', p_message,
    'token_id', p_token_id,
    'quantity', p_quantity,
    'total', (v_amount / 100)::text || '.' || lpad((v_amount % 100)::text, 2, '0'));
  IF p_idempotency_key IS NOT NULL THEN
    -- A concurrent retry with the same key waits here, then fails (23505) and replays this answer.
    INSERT INTO idempotent_requests (user_id, key, endpoint, request_hash, status, body)
    VALUES (p_user_id, p_idempotency_key, p_endpoint, p_request_hash, 201, v_body);
  END IF;
  INSERT INTO token_holdings AS h (user_id, token_id, quantity)
  VALUES (p_user_id, p_token_id, p_quantity)
  ON CONFLICT (user_id, token_id)
  DO UPDATE SET quantity = h.quantity + excluded.quantity, updated_at = now()
  RETURNING h.quantity = p_quantity INTO v_new_buyer;
  v_transfer := ledger_transfer(
    p_transfer_key, 'purchase',
    'wallet:' || p_user_id, 'wallet', p_user_id, NULL,
    'escrow:' || p_token_id, 'offer_escrow', NULL, p_token_id,
    v_amount, p_user_id, p_token_id, p_quantity, NULL);
  UPDATE tokens t
  SET units_sold = t.units_sold + p_quantity,
    amount_capitated_cents = t.amount_capitated_cents + v_amount,
    buyers = t.buyers + CASE WHEN v_new_buyer THEN 1 ELSE 0 END,
    offer_status = CASE
      WHEN t.units_sold + p_quantity >= least(t.quantity, t.maximum_amount_raised_cents / t.unit_price_cents)
      THEN 'all_sold' ELSE t.offer_status END,
    chain_seq = t.chain_seq + CASE WHEN t.chain_seq = 0 THEN 2 ELSE 1 END
  WHERE t.id = p_token_id AND t.offer_status = 'funding' AND t.deadline_for_funding >= p_today
    AND t.units_sold + p_quantity <= least(t.quantity, t.maximum_amount_raised_cents / t.unit_price_cents)
  RETURNING t.chain_seq INTO v_seq;
  IF NOT FOUND THEN
    SELECT t.offer_status, t.deadline_for_funding,
      greatest(least(t.quantity, t.maximum_amount_raised_cents / t.unit_price_cents) - t.units_sold, 0)
    INTO v_offer, v_deadline, v_left FROM tokens t WHERE t.id = p_token_id;
    IF v_offer IN ('funding', 'all_sold') AND v_deadline >= p_today THEN
      RAISE EXCEPTION 'units no longer available' USING ERRCODE = 'CP001', DETAIL = v_left::text;
    END IF;
    RAISE EXCEPTION 'offer no longer funding' USING ERRCODE = 'CP002';
  END IF;
  PERFORM chain_jobs_append(p_token_id, v_seq, 'mint', NULL, ARRAY[v_transfer]);
  RETURN QUERY SELECT 'bought', 201, v_body, NULL::bigint;
END
$$;
--> statement-breakpoint
-- Taken first by the job that closes an offer: it waits for the purchases in flight, and new ones
-- wait for it, before it locks the escrow, the token and the buyers' rows.
CREATE FUNCTION lock_offer_for_closing(p_token_id bigint)
RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(8, p_token_id::integer);
$$;
