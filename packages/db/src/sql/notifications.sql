-- Notifications and the mail outbox (docs/product.md §16).
--
-- Contract:
--   notification_record(user, kind, data) -> the notification's id. Called in the transaction of
--     the event it tells about (the TypeScript services, through the notifications service):
--     writes the in-app notification and, when the kind is always mailed
--     (notification_always_mailed) or the user has not turned its mail off
--     (notification_preferences), the mail's outbox row. `data` is structured: ids, amounts in
--     centavos, quantities, names; never rendered text. The API renders the pt-BR title, body and
--     link when the notification is read, and the mail when the mail job sends it.
--   mail_enqueue(template, user, to, data, notification) -> the outbox row's id. A mail to a person
--     names the user (the address is read when it is sent), one to an inbox names the address.
--     Every API process's mail sender is woken after commit (NOTIFY copaiba_mail), so a mail
--     leaves at once instead of at the next run of the jobs.
--   notifications_mark_read(user, ids, at) -> how many of the user's notifications are still
--     unread. Marks the user's own unread notifications read: these ids, or all when ids is NULL.
--   notification_counts holds each user's total and unread, kept by these two in the
--     notifications' own transaction, so the notification centre's counts are one row however
--     long the history (docs/PERFORMANCE.md).
--   notification_record_under_wallet(user, kind, data): the same, for a caller that already holds
--     the user's wallet (the SQL money paths: purchases, desistências, the board, the offer jobs),
--     without taking it again on the purchase's hot path.
--   notifications_record_under_wallets(users, kind, datas): the same for many, in set-based
--     statements, answering nothing: one notification of the kind per user (a user may appear
--     more than once) and data, for a caller that holds every one of these wallets (a batch of
--     purchases, an offer job's batch). Called for one user it costs about twice the one above
--     (measured in the board's purchases, docs/PERFORMANCE.md), so a caller with one user calls
--     that one; both mail by the same rule (notification_mailed).
-- Locks: the user's wallet (locks.sql step 5; those that exist) before their notification_counts
-- row, so that row is only ever written under the wallet and no one waits for it. A money path
-- records notifications for users whose wallets it already holds (lock_wallets, or the wallet's
-- update by ledger_transfer), at any step; any other transaction calls notification_record before
-- taking anything past step 5, for several users in the order of their ids. mail_enqueue takes no
-- lock beyond the row it inserts.

-- Receipts of money movements and security warnings: mailed whatever the preferences. The API
-- refuses to turn them off with the same list (ALWAYS_MAILED_KINDS in packages/contracts).
CREATE OR REPLACE FUNCTION notification_always_mailed(p_kind text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_kind IN ('deposit_credited', 'withdrawal_paid', 'withdrawal_reversed',
    'purchase_confirmed', 'desistencia', 'offer_failed', 'installment_paid', 'market_sale',
    'market_purchase', 'security')
$$;

-- Whether a notification of this kind to this user is also mailed: always for the kinds above,
-- otherwise unless the user turned its mail off (notification_preferences).
CREATE OR REPLACE FUNCTION notification_mailed(p_user_id bigint, p_kind text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT notification_always_mailed(p_kind) OR NOT EXISTS (
    SELECT 1 FROM notification_preferences p
    WHERE p.user_id = p_user_id AND p.kind = p_kind AND NOT p.email)
$$;

CREATE OR REPLACE FUNCTION mail_enqueue(
  p_template text, p_user_id bigint, p_to text, p_data jsonb, p_notification_id bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO mail_outbox (template, user_id, to_address, data, notification_id)
  VALUES (p_template, p_user_id, p_to, coalesce(p_data, '{}'), p_notification_id)
  RETURNING id INTO v_id;
  PERFORM pg_notify('copaiba_mail', '');
  RETURN v_id;
END
$$;

CREATE OR REPLACE FUNCTION notifications_record_under_wallets(
  p_user_ids bigint[], p_kind text, p_datas jsonb[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_mailed bigint;
BEGIN
  -- The counts first, one row per user in the order of their ids.
  INSERT INTO notification_counts AS c (user_id, total, unread)
  SELECT u.user_id, count(*), count(*) FROM unnest(p_user_ids) AS u(user_id)
  GROUP BY u.user_id ORDER BY u.user_id
  ON CONFLICT (user_id) DO UPDATE SET total = c.total + excluded.total,
    unread = c.unread + excluded.unread;
  WITH recorded AS (
    INSERT INTO notifications (user_id, kind, data)
    SELECT r.user_id, p_kind, coalesce(r.data, '{}')
    FROM unnest(p_user_ids, p_datas) WITH ORDINALITY AS r(user_id, data, n)
    ORDER BY r.n
    RETURNING id, user_id, data
  ), mailed AS (
    INSERT INTO mail_outbox (template, user_id, to_address, data, notification_id)
    SELECT p_kind, r.user_id, NULL, r.data, r.id FROM recorded r
    WHERE notification_mailed(r.user_id, p_kind)
    RETURNING 1
  )
  SELECT count(*) INTO v_mailed FROM mailed;
  -- As mail_enqueue does: every API process's mail sender is woken after commit.
  IF v_mailed > 0 THEN
    PERFORM pg_notify('copaiba_mail', '');
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION notification_record_under_wallet(p_user_id bigint, p_kind text, p_data jsonb)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  VALUES (p_user_id, p_kind, coalesce(p_data, '{}'))
  RETURNING id INTO v_id;
  INSERT INTO notification_counts AS c (user_id, total, unread) VALUES (p_user_id, 1, 1)
  ON CONFLICT (user_id) DO UPDATE SET total = c.total + 1, unread = c.unread + 1;
  IF notification_mailed(p_user_id, p_kind) THEN
    PERFORM mail_enqueue(p_kind, p_user_id, NULL, p_data, v_id);
  END IF;
  RETURN v_id;
END
$$;

CREATE OR REPLACE FUNCTION notification_record(p_user_id bigint, p_kind text, p_data jsonb)
RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_wallets(ARRAY[p_user_id]);
  RETURN notification_record_under_wallet(p_user_id, p_kind, p_data);
END
$$;

CREATE OR REPLACE FUNCTION notifications_mark_read(
  p_user_id bigint, p_ids bigint[], p_at timestamptz)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_marked bigint;
  v_unread bigint;
BEGIN
  PERFORM lock_wallets(ARRAY[p_user_id]);
  UPDATE notifications n SET read_at = p_at
  WHERE n.user_id = p_user_id AND n.read_at IS NULL AND (p_ids IS NULL OR n.id = ANY (p_ids));
  GET DIAGNOSTICS v_marked = ROW_COUNT;
  UPDATE notification_counts c SET unread = c.unread - v_marked
  WHERE c.user_id = p_user_id
  RETURNING c.unread INTO v_unread;
  RETURN coalesce(v_unread, 0);
END
$$;
