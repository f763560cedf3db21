-- Notifications and the mail outbox (docs/product.md §16).
--
-- Contract:
--   notification_record(user, kind, data) -> the notification's id. Called in the transaction of
--     the event it tells about (TypeScript services through the notifications service; SQL such
--     as buy_tokens directly): writes the in-app notification and, when the kind is always mailed
--     (notification_always_mailed) or the user has not turned its mail off
--     (notification_preferences), the mail's outbox row. `data` is structured: ids, amounts in
--     centavos, quantities, names; never rendered text. The API renders the pt-BR title, body and
--     link when the notification is read, and the mail when the mail job sends it.
--   mail_enqueue(template, user, to, data, notification) -> the outbox row's id. A mail to a person
--     names the user (the address is read when it is sent), one to an inbox names the address.
--     Every API process's mail sender is woken after commit (NOTIFY copaiba_mail), so a mail
--     leaves at once instead of at the next run of the jobs.
-- Locks: none beyond the rows they insert, so any money path may call them at any step of
-- locks.sql's order.

-- Receipts of money movements and security warnings: mailed whatever the preferences. The API
-- refuses to turn them off with the same list (ALWAYS_MAILED_KINDS in packages/contracts).
CREATE OR REPLACE FUNCTION notification_always_mailed(p_kind text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_kind IN ('deposit_credited', 'withdrawal_paid', 'withdrawal_reversed',
    'purchase_confirmed', 'desistencia', 'offer_failed', 'installment_paid', 'market_sale',
    'market_purchase', 'security')
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

CREATE OR REPLACE FUNCTION notification_record(p_user_id bigint, p_kind text, p_data jsonb)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  VALUES (p_user_id, p_kind, coalesce(p_data, '{}'))
  RETURNING id INTO v_id;
  IF notification_always_mailed(p_kind) OR NOT EXISTS (
    SELECT 1 FROM notification_preferences p
    WHERE p.user_id = p_user_id AND p.kind = p_kind AND NOT p.email
  ) THEN
    PERFORM mail_enqueue(p_kind, p_user_id, NULL, p_data, v_id);
  END IF;
  RETURN v_id;
END
$$;
