-- The database's functions are code under packages/db/src/sql/, applied after the migrations at
-- every start (CREATE OR REPLACE). These signatures were replaced there by new ones.
DROP FUNCTION IF EXISTS buy_tokens_batch(bigint, date, text, text, bigint[], bigint[], text[], text[], text[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS buy_tokens(bigint, bigint, bigint, date, text, text, text, text, text);
