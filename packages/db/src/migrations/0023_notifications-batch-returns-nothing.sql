-- The database's functions are code under packages/db/src/sql/, applied after the migrations at
-- every start (CREATE OR REPLACE). notifications_record_under_wallets no longer returns the ids no
-- caller read (notifications.sql), a change of result CREATE OR REPLACE cannot make.
DROP FUNCTION IF EXISTS notifications_record_under_wallets(bigint[], text, jsonb[]);
