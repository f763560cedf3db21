-- Every change to a user's row is announced, after commit, on the channel `copaiba_users` with the
-- user's id: each API process keeps the rows its authentication reads in memory and evicts them on
-- this notification (apps/api/src/modules/accounts/user-cache.ts).
CREATE FUNCTION users_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('copaiba_users', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed_notify AFTER UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION users_changed_notify();
