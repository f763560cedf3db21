-- The database's functions are code under packages/db/src/sql/, applied after the migrations at
-- every start (CREATE OR REPLACE). token_installments_paid now returns a one-row table, which the
-- planner inlines into the queries that read it (offers.sql), a change of result CREATE OR REPLACE
-- cannot make.
DROP FUNCTION IF EXISTS token_installments_paid(bigint);
