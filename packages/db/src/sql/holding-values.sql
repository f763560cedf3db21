-- Each investor's holdings at their tokens' unit prices, and how many tokens they hold
-- (holding_values): the balance and 'Meus Ativos' read that one row however many tokens the
-- investor holds (docs/PERFORMANCE.md, "At scale"). Every function that changes a holding's
-- quantity adds the change's worth here, and p_holdings: 1 when the holding opens (from no
-- units), -1 when it closes (to none), else 0, in its own transaction: a purchase (purchases.sql),
-- a desistência (desistencias.sql), a refund (offer-jobs.sql) and both parties of a board trade
-- (market.sql). A unit price never changes once a token has holders: it is editable only before
-- the token is issued (tokens.service.ts), and only an issued token is bought. The soak's
-- invariants and the money paths' tests compare every row with its holdings, worth and count
-- (apps/api/src/testing/holding-values.ts).
--
-- Locks: the holder's row, written only by a transaction that holds the holder's wallet (step 5
-- of locks.sql), so no one ever waits for it.
CREATE OR REPLACE FUNCTION holding_value_add(p_user_id bigint, p_cents bigint, p_holdings integer)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- An update first, not an upsert: a negative row to insert is checked before any conflict.
  UPDATE holding_values v
  SET value_cents = v.value_cents + p_cents, holdings = v.holdings + p_holdings
  WHERE v.user_id = p_user_id;
  IF NOT FOUND THEN
    INSERT INTO holding_values (user_id, value_cents, holdings)
    VALUES (p_user_id, p_cents, p_holdings);
  END IF;
END;
$$;
