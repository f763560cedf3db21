-- Announcements of changed users: every change to a user's row is announced, after commit, on the
-- channel `copaiba_users` with the user's id; each API process keeps the rows its authentication
-- reads in memory and evicts them on this notification (apps/api/src/modules/accounts/user-cache.ts).
-- The trigger that calls it is schema (migration 0009).
CREATE OR REPLACE FUNCTION users_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('copaiba_users', OLD.id::text);
  RETURN NULL;
END;
$$;
