-- The database's functions are code under packages/db/src/sql/, applied after the migrations at
-- every start (CREATE OR REPLACE). buy_tokens now answers the purchase's transfer and price, and
-- buy_tokens_batch writes the receipts of the purchases it bought (purchases.sql): the function's
-- result changes, which CREATE OR REPLACE cannot do.
DROP FUNCTION IF EXISTS buy_tokens(bigint, bigint, bigint, date, bigint, text, text, text, text, integer, jsonb);
