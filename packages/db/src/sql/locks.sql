-- Locks: every lock a money path takes, and the one order in which a transaction takes them.
--
-- A transaction takes locks in this order, skipping what it does not need, never going back up
-- (docs/ARCHITECTURE.md, "Locking"):
--   1. lock_user_money(user)             one user's deposits, withdrawals and account closing
--   2. that user's `users` row           (two-factor steps, closing)
--   3. lock_offer_for_purchase(token)    shared by purchases and desistências of the offer, and
--                                        by purchases on the secondary board of a distributing
--                                        token;
--      lock_offer_for_closing(token)     exclusive, by the job that closes it;
--      lock_offer_for_payout(token)      exclusive, by the job that pays an installment
--   4. the operation's own row           a Pix charge, a withdrawal, an installment's claim, a
--                                        listing (then the board's parties' offer_job_queue rows),
--                                        the holders' offer_job_queue rows of a job's batch
--   5. lock_wallets(users)               wallets, in the order of their users' ids
--   6. token_holdings rows, and investor_annual_investments (an investor's year's totals)
--   7. other ledger accounts             clearing, issuer payable and funding: by account id
--   8. offer escrows                     by account id
--   9. tokens rows                       units sold and the chain outbox's counter: the hot rows
-- ledger_transfer updates its two accounts in this order (ledger_lock_rank); a transaction moving
-- money between several wallets takes them all first with lock_wallets.
-- Outside the order: a user's ledger_statement_counts, notification_counts and holding_values
-- rows, which ledger_transfer, notifications.sql and holding_value_add (holding-values.sql) write
-- only under that user's wallet. Whoever would wait
-- for one would already hold the wallet its holder holds, so none is ever waited for, wherever in
-- a transaction it comes.

-- Advisory lock classes: the first key of pg_advisory_xact_lock(int, int).
CREATE OR REPLACE FUNCTION lock_class(p_name text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE p_name
    WHEN 'user_money' THEN 7
    WHEN 'offer' THEN 8
    WHEN 'user_questions' THEN 9
  END
$$;

-- 1. One user's money operations, one at a time (two deposits cannot both fit the allowance).
CREATE OR REPLACE FUNCTION lock_user_money(p_user_id bigint) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(lock_class('user_money'), p_user_id::integer);
$$;

-- Outside the order above (no money path takes it, and its holder takes nothing after it but the
-- wallet under which the issuer's notification is recorded, which no holder of a wallet waits on
-- this lock to release): one person's questions in the offer forum, counted and written one at a
-- time, so the hourly limit holds across API processes (docs/product.md §16).
CREATE OR REPLACE FUNCTION lock_user_questions(p_user_id bigint) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(lock_class('user_questions'), p_user_id::integer);
$$;

-- 3. Purchases of an offer share its lock; the closing job takes it exclusively, so it waits for
-- the purchases in flight and new ones wait for it, before it touches the offer's rows.
CREATE OR REPLACE FUNCTION lock_offer_for_purchase(p_token_id bigint) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock_shared(lock_class('offer'), p_token_id::integer);
$$;

CREATE OR REPLACE FUNCTION lock_offer_for_closing(p_token_id bigint) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(lock_class('offer'), p_token_id::integer);
$$;

-- The installment payout's claim takes the token's lock exclusively while it reads who holds the
-- units and queues what each is owed, so no board purchase of the token is in flight meanwhile:
-- every unit is paid once, to whoever held it at the claim; the payments follow in batches
-- (offer-jobs.sql), and board purchases go on between them.
CREATE OR REPLACE FUNCTION lock_offer_for_payout(p_token_id bigint) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(lock_class('offer'), p_token_id::integer);
$$;

-- 5. The wallets of these users (those that exist), in the order of the users' ids. NO KEY
-- UPDATE, the lock an UPDATE of the balance takes: inserts referencing a wallet are not blocked.
CREATE OR REPLACE FUNCTION lock_wallets(p_user_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM ledger_accounts
  WHERE code IN (SELECT 'wallet:' || u FROM unnest(p_user_ids) AS u)
  ORDER BY user_id
  FOR NO KEY UPDATE;
END
$$;

-- 5, 7, 8: where a ledger account stands in the order. Wallets by user id, escrows last.
CREATE OR REPLACE FUNCTION ledger_lock_rank(p_kind text, p_user_id bigint, p_account_id bigint)
RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE p_kind
    WHEN 'wallet' THEN ARRAY[5, p_user_id]
    WHEN 'offer_escrow' THEN ARRAY[8, p_account_id]
    ELSE ARRAY[7, p_account_id]
  END
$$;
