-- The database's functions are code under packages/db/src/sql/, applied after the migrations at
-- every start (CREATE OR REPLACE). The board's purchase went from market_buy to market_buy_batch
-- (purchases of one listing that arrive together share a transaction; market.sql).
DROP FUNCTION IF EXISTS market_buy(bigint, bigint, bigint, integer, timestamptz, text, text, text, integer, jsonb);
