-- The ledger: double-entry accounts and the one way money moves between them.
--
-- Contract: every movement of money is one ledger_transfer inside the caller's transaction. It
-- appends an immutable transfer with a unique idempotency key and changes both balances; a key
-- already used moves nothing (NULL). Wallets and escrows never go negative: an overdraft fails
-- the ledger_accounts_no_overdraft check (SQLSTATE 23514) and the caller's transaction rolls back.
-- All balances sum to zero. A transfer that names a user (p_user_id: whose statement it is on)
-- moves that user's wallet, and adds one to ledger_statement_counts for that user and kind, so a
-- statement's count is a handful of rows however long the history (docs/PERFORMANCE.md).
--
-- Locks: the two account rows, in the order of locks.sql (ledger_lock_rank): wallets first, by
-- user id, then the other accounts, escrows last. A transaction moving several wallets takes
-- them all first (lock_wallets); an escrow, a purchase's hot row, is held for the least time.
-- Last, the user's ledger_statement_counts row: taken only while holding that user's wallet, so
-- no transaction ever waits for it (locks.sql).

-- The ledger account with this code, created on first use.
CREATE OR REPLACE FUNCTION ledger_account(p_code text, p_kind text, p_user_id bigint, p_token_id bigint)
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

-- Moves p_amount_cents from one account to the other; the transfer's id, or NULL when a transfer
-- with this key already exists.
CREATE OR REPLACE FUNCTION ledger_transfer(
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
  IF p_user_id IS NOT NULL
     AND NOT (p_from_kind = 'wallet' AND p_from_user_id = p_user_id)
     AND NOT (p_to_kind = 'wallet' AND p_to_user_id = p_user_id) THEN
    RAISE EXCEPTION 'a transfer on user %''s statement must move that user''s wallet', p_user_id;
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
  IF ledger_lock_rank(p_from_kind, p_from_user_id, v_debit)
     < ledger_lock_rank(p_to_kind, p_to_user_id, v_credit) THEN
    UPDATE ledger_accounts SET balance_cents = balance_cents - p_amount_cents WHERE id = v_debit;
    UPDATE ledger_accounts SET balance_cents = balance_cents + p_amount_cents WHERE id = v_credit;
  ELSE
    UPDATE ledger_accounts SET balance_cents = balance_cents + p_amount_cents WHERE id = v_credit;
    UPDATE ledger_accounts SET balance_cents = balance_cents - p_amount_cents WHERE id = v_debit;
  END IF;
  IF p_user_id IS NOT NULL THEN
    INSERT INTO ledger_statement_counts AS c (user_id, kind, transfers)
    VALUES (p_user_id, p_kind, 1)
    ON CONFLICT (user_id, kind) DO UPDATE SET transfers = c.transfers + 1;
  END IF;
  RETURN v_id;
END
$$;
